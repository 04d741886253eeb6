import Foundation
import Testing
import TestSupport

/// The JSON the Server received from `verifyReceipt` is shown where it received it: on the
/// delivery in `timeline --format json`, and the latest about each transaction in `state --json`,
/// as Apple's `responseBody` (read here with Foundation's parser, not StoreSim's). A line of the
/// log whose answer was edited into something that is not JSON is damage, told in one warning.
@Suite struct VerifyReceiptResponseShownTests {
    private func world(_ folder: TemporaryFolder) throws -> String {
        let script = try folder.write("buy.scenario", """
            buy com.storesim.coins.100
            buy com.storesim.premium.monthly
            advance 32d
            refund com.storesim.coins.100
            quit
            launch
            expect audit ok
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return world
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func stateShowsTheLatestAnswerAboutEachTransaction() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let state = try object(try StoreSimProcess.run(["state", "--json", "--data-dir", world]).stdout)
        let transactions = try #require(state["transactions"] as? [[String: Any]])
        let coins = try #require(transactions.first { $0["productId"] as? String == "com.storesim.coins.100" })
        let answer = try #require(coins["verifyReceiptResponse"] as? [String: Any], "the coins were verified by verifyReceipt")
        #expect(answer["status"] as? Int == 0)
        #expect(answer["environment"] as? String == "Production")
        let inApp = try #require((answer["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]])
        #expect(inApp.contains { $0["transaction_id"] as? String == coins["id"] as? String && $0["quantity"] as? String == "1" })

        let subscription = try #require(transactions.last { $0["productId"] as? String == "com.storesim.premium.monthly" })
        let renewed = try #require(subscription["verifyReceiptResponse"] as? [String: Any], "the renewal was verified too")
        let latest = try #require(renewed["latest_receipt_info"] as? [[String: Any]])
        #expect(latest.last?["transaction_id"] as? String == subscription["id"] as? String,
                "latest_receipt_info names the renewal the Server asked about")
        #expect(latest.last?["expires_date_ms"] is String && latest.last?["web_order_line_item_id"] is String)
        let pending = try #require(renewed["pending_renewal_info"] as? [[String: Any]])
        #expect(pending.first?["auto_renew_status"] as? String == "1")
        #expect(renewed["latest_receipt"] is String)
    }

    @Test func theTimelineShowsEachAnswerOnItsDelivery() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let timeline = try object(try StoreSimProcess.run(["timeline", "--format", "json", "--data-dir", world]).stdout)
        let events = try #require(timeline["events"] as? [[String: Any]])
        let answered = events.filter { $0["verifyReceiptResponse"] != nil }
        #expect(!answered.isEmpty)
        #expect(answered.allSatisfy { $0["kind"] as? String == "delivered" && $0["from"] as? String == "Store" && $0["to"] as? String == "Server" })
        #expect(answered.allSatisfy { ($0["verifyReceiptResponse"] as? [String: Any])?["status"] as? Int == 0 })
        let checks = events.filter { ($0["text"] as? String)?.hasPrefix("status 0") == true && $0["kind"] as? String == "delivered" }
        #expect(answered.count == checks.count, "every answer delivered carries its JSON")
    }

    @Test func anAnswerEditedIntoSomethingElseIsDamageToldInOneWarning() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let log = world + "/events.log"
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains(#""verifyReceiptResponse":"#) })
        lines[index] = lines[index].replacingOccurrences(of: #""verifyReceiptResponse":"{"#, with: #""verifyReceiptResponse":"]{"#)
        let offset = lines[..<index].reduce(0) { $0 + $1.utf8.count + 1 }
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        let result = try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "storesim: warning: \(log): 1 line skipped, not this log's events in order "
            + "(the first at byte \(offset): not an event)\n")
        _ = try object(result.stdout)
    }
}
