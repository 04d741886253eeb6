import Foundation
import Testing
import TestSupport

/// The transaction manager driven in tmux through the binary: a price increase waits for the
/// subscriber's consent, `c` gives it, a month later the renewal charges the new price; at 80×24,
/// what an offer charged and every key. Apple,
/// the PRICE_INCREASE subtype ACCEPTED: "the customer consented to the subscription price
/// increase if the price increase requires customer consent".
@Suite(.serialized, .tags(.slow)) struct SlowTransactionManagerTests {
    @Test func consentInTheTransactionManagerThenTheRenewalChargesTheNewPrice() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("""
            buy com.storesim.premium.monthly
            advance 8d
            store price-increase com.storesim.premium.monthly 3.49
            """, in: folder)

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

    /// At 80×24, through the binary: the transaction manager leads a row's notes with what an
    /// offer charged, its last row tells the selected transaction's notes whole, and the footer
    /// shows every key. Apple (Transaction.price): the price "reflects" "The discount from a
    /// subscription offer in the offer property, if the transaction includes an offer."
    @Test func anOffersPriceAndEveryKeyAt80By24() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("""
            buy com.storesim.premium.monthly
            wait
            subscription com.storesim.premium.monthly renew off
            advance 8d
            buy com.storesim.premium.monthly offer comeback
            wait
            """, in: folder)

        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world)", columns: 80, rows: 24)
        let catalog = try session.waitFor("$0.99→02-09")
        #expect(catalog.found, "the catalog shows what the current period's offer charged: \(catalog.screen)")
        try session.send("t")
        let manager = try session.waitFor("tx 1000000000000002: $0.99 promo comeback 1/2")
        #expect(manager.found, "\(manager.screen)")
        #expect(manager.screen.contains("yes $0.00 tri…") && manager.screen.contains("yes $0.99 pro…"), "\(manager.screen)")
        for key in ["↑↓ select", "Enter JWS", "b billing", "c consent", "v decline price", "z clear all", "i API errors", "Esc"] {
            #expect(manager.screen.contains(key), "\(key) in the footer at 80×24")
        }
        try session.send("Escape", "q")
        #expect(try session.waitFor("EXIT=0").found)
    }

    /// `z` in the transaction manager is StoreKit Testing's clearTransactions(), through the
    /// binary: it asks first, `y` deletes every transaction from the Store, and a one-time
    /// purchase can then be bought again. Apple (SKTestSession.clearTransactions()): "Removes all
    /// transactions from the test environment." ... "After you clear the transactions from the
    /// test environment, the test environment produces an empty receipt. Use this method to enable
    /// repeating tests for one-time purchases."
    @Test func clearAllTransactionsThenTheOneTimePurchaseIsBoughtAgain() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("buy com.storesim.pro\nbuy com.storesim.coins.100\nwait\n", in: folder)

        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world)", columns: 80, rows: 24)
        #expect(try session.waitFor("Catalog").found)
        try session.send("t")
        #expect(try session.waitFor("1000000000000002").found)
        try session.send("z")
        let asked = try session.waitFor("Delete all 2 transactions from the Store?")
        #expect(asked.found, "\(asked.screen)")
        try session.send("y")
        let cleared = try session.waitFor("Cleared 2 transactions from the Store.")
        #expect(cleared.found, "\(cleared.screen)")
        #expect(!cleared.screen.contains("1000000000000001") && !cleared.screen.contains("1000000000000002"), "\(cleared.screen)")
        try session.send("Escape", "q")
        #expect(try session.waitFor("EXIT=0").found)

        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.stdout.contains("\"transactions\": []"), "\(state.stdout)")
        let again = folder.path + "/again.scenario"
        try "buy com.storesim.pro\nwait\nexpect credited com.storesim.pro 2\nexpect owned com.storesim.pro yes\n"
            .write(toFile: again, atomically: true, encoding: .utf8)
        let repeated = try StoreSimProcess.run(["run", "--data-dir", world, again])
        #expect(repeated.status == 0, "\(repeated.stdout)\(repeated.stderr)")
        #expect(repeated.stdout.contains("1000000000000003"), "a new purchase, charged again")
    }

    /// The world folder under `folder` after `storesim run` of `script` there, which must pass.
    private static func run(_ script: String, in folder: TemporaryFolder) throws -> String {
        let world = folder.path + "/world"
        let file = folder.path + "/prepare.scenario"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let prepared = try StoreSimProcess.run(["run", "--data-dir", world, file])
        #expect(prepared.status == 0, "\(prepared.stderr)")
        return world
    }

}
