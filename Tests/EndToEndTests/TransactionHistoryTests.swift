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
        expect lost 1
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
}
