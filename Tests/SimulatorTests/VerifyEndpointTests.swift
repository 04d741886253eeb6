import IAPCore
import Testing
@testable import Simulator

/// Apple (verifyReceipt): "Verify your receipt first with the production URL; proceed to verify
/// with the sandbox URL if you receive a 21007 status code." The Server keeps no memory of where
/// the last receipt was valid: each one starts at production.
@Suite struct VerifyEndpointTests {
    @Test func everySandboxReceiptIsAskedAtProductionFirst() throws {
        let fixture = try WorldFixture()
        try fixture.run(.storeSet(.environment, .named("sandbox")))
        try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        try fixture.run(.buy(productId: "com.storesim.coins.550", answer: .confirm))
        try fixture.run(.storeSet(.environment, .named("production")))
        try fixture.run(.buy(productId: "com.storesim.pro", answer: .confirm))
        let notes = fixture.events.filter { $0.kind == .note && $0.from == .server }.map(\.text)
        let retries = notes.filter { $0.contains("ask the sandbox endpoint instead") }
        #expect(retries.count == 2)
        #expect(retries.allSatisfy { $0.hasPrefix("21007") })
        #expect(!fixture.events.contains { $0.text.contains("21008") })
        let sent = fixture.events.filter { $0.kind == .message && $0.from == .server }.map(\.text)
        #expect(sent.filter { $0.contains("at the sandbox") }.count == 2)
        let snapshot = try fixture.world.snapshot()
        #expect(snapshot.ledger.credits.count == 3)
        #expect(try fixture.audit().ok)
    }
}
