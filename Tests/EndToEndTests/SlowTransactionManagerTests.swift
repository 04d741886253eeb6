import Foundation
import Testing
import TestSupport

/// The transaction manager driven in tmux through the binary: a price increase waits for the
/// subscriber's consent, `c` gives it, a month later the renewal charges the new price. Apple,
/// the PRICE_INCREASE subtype ACCEPTED: "the customer consented to the subscription price
/// increase if the price increase requires customer consent".
@Suite(.serialized, .tags(.slow)) struct SlowTransactionManagerTests {
    @Test func consentInTheTransactionManagerThenTheRenewalChargesTheNewPrice() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = folder.path + "/raise.scenario"
        try """
            buy com.storesim.premium.monthly
            advance 8d
            store price-increase com.storesim.premium.monthly 3.49
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let prepared = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(prepared.status == 0, "\(prepared.stderr)")

        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world)", columns: 120, rows: 30)
        let catalog = try session.waitFor("price↑ consent?")
        #expect(catalog.found, "\(catalog.screen)")
        #expect(catalog.screen.contains("$3.49"), "the catalog shows the Store's new price")
        try session.send("t")
        #expect(try session.waitFor("Transactions").found)
        try session.send("c")
        let agreed = try session.waitFor("price↑ agreed")
        #expect(agreed.found, "\(agreed.screen)")
        #expect(agreed.screen.contains("the subscriber agrees to the new price"))
        try session.send("3")
        let renewed = try session.waitFor("charged $3.49")
        #expect(renewed.found, "\(renewed.screen)")
        try session.send("Escape", "q")
        #expect(try session.waitFor("EXIT=0").found)
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.contains("\"paid\": 3, \"credited\": 3"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\"ok\": true"))
    }
}
