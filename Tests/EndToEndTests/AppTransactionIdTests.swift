import Foundation
import Testing
import TestSupport

/// Apple (`AppTransaction.appTransactionID`): "The App Store generates a single, globally unique
/// appTransactionID for each Apple Account that downloads your app"; "This value remains the same
/// for the same Apple Account and app if the customer redownloads the app on any device, receives a
/// refund, repurchases the app". Read from the signed transactions of the shipped scenario's world.
@Suite struct AppTransactionIdTests {
    @Test func eachAppleAccountHasOneAppTransactionIdAcrossRefundsRenewalsAndReinstalls() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1"]
            + ScenarioFilesTests.runArguments("storekit2-app-transaction-id.scenario"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try #require(try JSONSerialization.jsonObject(with: Data(
            try StoreSimProcess.run(["state", "--json", "--data-dir", world]).stdout.utf8)) as? [String: Any])
        let transactions = try #require(state["transactions"] as? [[String: Any]])
        var byProduct: [String: Set<String>] = [:]
        for transaction in transactions {
            guard let jws = transaction["signedTransaction"] as? String else { continue }
            let payload = try #require(JWSText.payload(of: jws))
            let id = try #require(payload["appTransactionId"] as? String)
            byProduct[payload["productId"] as? String ?? "", default: []].insert(id)
        }
        let alice = byProduct["com.storesim.coins.100", default: []].union(byProduct["com.storesim.premium.monthly", default: []])
            .union(byProduct["com.storesim.coins.550", default: []])
        let bob = byProduct["com.storesim.pro", default: []]
        #expect(alice.count == 1, "alice's refunded purchase, her renewal and her purchase after reinstalling share one: \(alice)")
        #expect(bob.count == 1)
        #expect(alice.isDisjoint(with: bob), "another Apple Account has its own")
        #expect(transactions.filter { $0["productId"] as? String == "com.storesim.premium.monthly" }.count >= 2, "a renewal is among them")
    }
}
