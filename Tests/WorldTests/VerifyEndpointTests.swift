import IAPCore
@testable import ReadSide
import Testing

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
        let snapshot = try fixture.readModel.snapshot()
        #expect(snapshot.ledger.credits.count == 3)
        #expect(try fixture.audit().ok)
    }

    /// Apple (verifyReceipt status): 21008 "This receipt is from the production environment, but
    /// you sent it to the test environment for verification." (earlier: "Send it to the production
    /// environment instead."). A Server pointed at the sandbox first, as a development Server is,
    /// sends a production receipt back to production and credits it; a sandbox receipt is credited
    /// at the sandbox without a retry. The setting survives the process.
    @Test func aServerPointedAtTheSandboxSendsAProductionReceiptToProductionOn21008() throws {
        let fixture = try WorldFixture()
        try fixture.run(.serverVerifyFirst(.sandbox))
        try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        try fixture.run(.storeSet(.environment, .named("sandbox")))
        try fixture.run(.buy(productId: "com.storesim.pro", answer: .confirm))
        let notes = fixture.events.filter { $0.kind == .note && $0.from == .server }.map(\.text)
        #expect(notes.filter { $0.contains("endpoint instead") } == ["21008: ask the production endpoint instead"])
        #expect(!fixture.events.contains { $0.text.contains("21007") })
        let sent = fixture.events.filter { $0.kind == .message && $0.from == .server && $0.text.contains("verifyReceipt") }.map(\.text)
        #expect(sent.count == 3, "coins at the sandbox, again at production, pro at the sandbox: \(sent)")
        #expect(sent.map { $0.contains("at the sandbox") } == [true, false, true], "\(sent)")
        let snapshot = try fixture.readModel.snapshot()
        #expect(snapshot.ledger.credits.map(\.productId) == ["com.storesim.coins.100", "com.storesim.pro"])
        #expect(try fixture.audit().ok)
        let reopened = try fixture.folder.world(seed: 7)
        #expect(try ReadModel(reopened).view().serverVerifiesFirst == .sandbox)
    }
}

