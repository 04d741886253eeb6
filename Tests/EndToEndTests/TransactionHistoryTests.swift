import Foundation
import Testing
import TestSupport

/// `server history` reconciles with Get Transaction History. Apple, Get Transaction History: "Get
/// a customer's in-app purchase transaction history for your app." Apple, HistoryResponse: "The
/// result includes transactions in any state, including transactions that are refunded or
/// revoked, and transactions that the app has or hasn't marked as finished." The Server credits
/// what it missed, never a refunded purchase, and asks only about customers it knows.
@Suite struct TransactionHistoryTests {
    private func run(_ script: String) throws -> (lines: [String], status: Int32) {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", folder.path + "/world",
                                              try folder.write("s.scenario", script)])
        return (result.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }, result.status)
    }

    /// A customer who bought a pro, then two consumables the app finished and lost: one of them refunded since.
    private static let lostTwo = """
        buy com.storesim.pro
        wait
        strategy finish-first
        crash at finished
        buy com.storesim.coins.100
        launch
        crash at finished
        buy com.storesim.coins.550
        launch
        refund com.storesim.coins.550
        expect lost 0
        server history
        """

    @Test func theHistoryCreditsWhatTheServerMissedButNotWhatTheStoreRefunded() throws {
        let (lines, status) = try run(Self.lostTwo + "\nexpect credited com.storesim.coins.100 1\nexpect credited com.storesim.coins.550 0\nexpect audit ok\n")
        #expect(status == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("Server  ──▶ Store    Get Transaction History of the customer of tx 1000000000000001"))
        #expect(lines.contains("Store   ──▶ Server   transaction history: 3 signed transactions"))
        #expect(lines.filter { $0.contains("from the transaction history") }
            == ["Server               credit tx 1000000000000002 from the transaction history: +100 coins"])
    }

    @Test func aServerThatKnowsNoCustomerAsksOnlyForTheNotificationHistory() throws {
        let (lines, status) = try run("""
            strategy finish-first
            crash at finished
            buy com.storesim.coins.100
            launch
            server history
            expect lost 1
            """)
        #expect(status == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("Server  ──▶ Store    Get Notification History"))
        #expect(!lines.contains { $0.contains("Get Transaction History") })
    }

    /// The audit counts recoverable exactly what `server history` would credit: a purchase of a
    /// customer the Server knows is recoverable (in its customer's transaction history) before
    /// the Server asks, and credited once it does; one of a customer it does not know is lost,
    /// and `server history` leaves it so.
    @Test func theAuditCallsRecoverableWhatTheTransactionHistoryWouldCredit() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let known = try folder.write("known.scenario", """
            buy com.storesim.pro
            wait
            strategy finish-first
            crash at finished
            buy com.storesim.coins.100
            launch
            """)
        #expect(try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, known]).status == 0)
        let before = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(before.stdout.contains("\"recoverable\": 1, \"lost\": 0"), "\(before.stdout)")
        let words = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(words.stdout.contains(
            "100 Coins tx 1000000000000002: recoverable: in its customer's transaction history, which server history reconciles"),
                "\(words.stdout)")
        let history = try folder.write("history.scenario", "server history\nexpect credited com.storesim.coins.100 1\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, history]).status == 0)
        let after = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(after.stdout.contains("\"credited\": 2, \"pending\": 0, \"unfinished\": 0, \"recoverable\": 0, \"lost\": 0"),
                "\(after.stdout)")

        let unknown = folder.path + "/unknown"
        let alone = try folder.write("alone.scenario", """
            strategy finish-first
            crash at finished
            buy com.storesim.coins.100
            launch
            """)
        #expect(try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", unknown, alone]).status == 0)
        let lost = try StoreSimProcess.run(["audit", "--json", "--data-dir", unknown])
        #expect(lost.stdout.contains("\"recoverable\": 0, \"lost\": 1"), "\(lost.stdout)")
    }
}
