import Foundation
import Testing
import TestSupport

/// Family Sharing through the built binary: what a hostile tester tries with `family add` and
/// `family leave`, a share never counted as a payment, and what the member's transactions and
/// receipt say. Apple, "Supporting Family Sharing in your app": "When users share a purchase
/// through Family Sharing, each family member gets their own unique receipts and transactions."
@Suite struct FamilySharingTests {
    /// The start of a script in which kid signs in once, joins demo's family, demo buys
    /// `product`, and the device signs in as kid again.
    private static func kidShares(_ product: String) -> String {
        "account kid\naccount demo\nfamily add kid\nbuy \(product)\naccount kid\n"
    }

    /// Runs `script` in a new world; returns the run and the world's folder.
    private func run(_ script: String, api: String = "storekit1", catalog: String? = nil,
                     in folder: TemporaryFolder) throws -> (result: StoreSimProcess.Result, world: String, script: String) {
        let path = try folder.write("family.scenario", script)
        let world = folder.path + "/world"
        let options = catalog.map { ["--catalog", $0] } ?? []
        return (try StoreSimProcess.run(["run", "--api", api, "--data-dir", world] + options + [path]), world, path)
    }

    /// The state of a world as JSON.
    private func state(_ world: String) throws -> [String: Any] {
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.status == 0, "\(state.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: [
        ("family add demo\n", "line 1: demo is the account signed in: an account cannot join its own family"),
        ("family add nobody\n", "line 1: no App Store account nobody: sign in to it once (account nobody) before it joins a family"),
        ("family add\n", "line 1: usage: family add NAME"),
        ("account kid\naccount demo\nfamily add kid\nfamily add kid\n", "line 4: kid is in demo's family already"),
        ("account kid\naccount pal\nfamily add kid\naccount demo\nfamily add kid\n", "line 5: kid is in another family; it must leave it first"),
        ("family leave kid\n", "line 1: kid is not in a family"),
        ("account kid\naccount demo\nfamily add kid\nfamily leave kid\nfamily leave kid\n", "line 5: kid is not in a family"),
    ])
    func aBadFamilyCommandIsOneErrorLine(script: String, error: String) throws {
        let folder = try TemporaryFolder()
        let (result, _, path) = try run(script + "expect audit ok\n", in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(path): \(error)\n")
    }

    /// Apple: Family Sharing shares "with up to five family members": a family holds six accounts.
    @Test func aFamilyHoldsSixAccounts() throws {
        let folder = try TemporaryFolder()
        let members = ["a", "b", "c", "d", "e", "f"]
        let script = members.map { "account \($0)\n" }.joined() + "account demo\n" + members.map { "family add \($0)\n" }.joined()
        let (result, _, path) = try run(script, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(path): line 13: demo's family has 6 members, the most Family Sharing allows\n")
    }

    /// A share is no payment: the audit counts one payment, credited once, and the member's credit
    /// of the share is neither an orphan nor a second credit; the member's own transaction and its
    /// JWS say FAMILY_SHARED, the purchaser's PURCHASED.
    @Test func aShareIsCreditedAsAccessNeverAsAPayment() throws {
        let folder = try TemporaryFolder()
        let (result, world, _) = try run(Self.kidShares("com.storesim.pro") + """
            quit
            launch
            expect shared com.storesim.pro yes
            expect credited com.storesim.pro 2
            """, api: "storekit2", in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.hasPrefix("{\"paid\": 1, \"credited\": 1, \"pending\": 0, \"unfinished\": 0, \"recoverable\": 0, \"lost\": 0, \"doubleCredited\": 0, \"orphanCredits\": 0, \"refunded\": 0"),
                "\(audit.stdout)")
        let json = try state(world)
        let transactions = try #require(json["transactions"] as? [[String: Any]])
        #expect(transactions.count == 2)
        #expect(transactions[0]["inAppOwnershipType"] == nil)
        #expect(transactions[1]["inAppOwnershipType"] as? String == "FAMILY_SHARED")
        #expect(transactions[1]["account"] as? String == "kid")
        #expect(transactions[1]["sharedFrom"] as? String == "1000000000000001")
        #expect(transactions[1]["charged"] as? Bool == false)
        let purchaserJWS = try #require(transactions[0]["signedTransaction"] as? String)
        let memberJWS = try #require(transactions[1]["signedTransaction"] as? String)
        let purchased = try #require(JWSText.payload(of: purchaserJWS))
        let shared = try #require(JWSText.payload(of: memberJWS))
        #expect(purchased["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(shared["inAppOwnershipType"] as? String == "FAMILY_SHARED")
        #expect(shared["originalTransactionId"] as? String == "1000000000000002")
    }

    /// A member who sends its share again as a new purchase (a replay) gets nothing more: the
    /// Server credited the share once, and a replay proves no payment.
    @Test func aShareSentAgainForCreditIsRefused() throws {
        let folder = try TemporaryFolder()
        let (result, world, _) = try run(Self.kidShares("com.storesim.pro") + """
            quit
            launch
            forge replay 1000000000000002
            restore
            expect credited com.storesim.pro 2
            expect balance coins 0
            expect audit ok
            """, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("already credited tx"), "\(result.stdout)")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.contains("\"paid\": 1, \"credited\": 1,"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\"doubleCredited\": 0, \"orphanCredits\": 0,"), "\(audit.stdout)")
    }

    /// A non-consumable the catalog does not mark shareable (flag false or absent) is never
    /// shared: the member's restore brings back nothing.
    @Test(arguments: [",\n      \"familyShareable\": false\n", "\n"])
    func aProductNotMarkedShareableIsNotShared(flag: String) throws {
        let folder = try TemporaryFolder()
        let project = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let marked = "\"serverProductId\": \"pro_unlock\",\n      \"familyShareable\": true\n"
        #expect(project.contains(marked))
        let catalog = try folder.write("catalog.json", project.replacingOccurrences(
            of: marked, with: "\"serverProductId\": \"pro_unlock\"" + flag))
        let (result, world, _) = try run(Self.kidShares("com.storesim.pro") + """
            restore
            expect receipt com.storesim.pro 0
            expect shared com.storesim.pro no
            expect audit ok
            """, catalog: catalog, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let json = try state(world)
        let transactions = try #require(json["transactions"] as? [[String: Any]])
        #expect(transactions.count == 1)
    }

    /// StoreKit 1, no notifications: a revoked share stays on the member's receipt with its
    /// cancellation date, and the Server ends the member's access at the next receipt check.
    /// Apple, `cancellation_date_ms`: "The time and date that the App Store refunds a transaction
    /// or revokes it from Family Sharing." and "A canceled in-app purchase remains in the receipt
    /// indefinitely."
    @Test func aRevokedShareStaysOnTheReceiptAndEndsAccessAtTheNextCheck() throws {
        let folder = try TemporaryFolder()
        let (result, _, _) = try run(Self.kidShares("com.storesim.premium.yearly") + """
            quit
            launch
            expect shared com.storesim.premium.yearly yes
            family leave kid
            expect receipt com.storesim.premium.yearly 1
            expect shared com.storesim.premium.yearly yes
            quit
            launch
            expect shared com.storesim.premium.yearly no
            account demo
            expect owned com.storesim.premium.yearly yes
            expect audit ok
            """, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("receipt checked: 1 entitlement revoked"), "\(result.stdout)")
    }

    /// A shared subscription ended early by the purchaser ends the member's access at once: the
    /// Store tells EXPIRED about the member's own transaction too. Apple sends a shared
    /// subscription's notifications "for each family member" ("Updates to App Store server
    /// notifications", of DID_FAIL_TO_RENEW and DID_RECOVER).
    @Test func anEarlyEndOfASharedSubscriptionIsToldForTheMember() throws {
        let folder = try TemporaryFolder()
        let (result, world, _) = try run("""
            server notifications on
            account kid
            account demo
            family add kid
            buy com.storesim.premium.yearly
            account kid
            quit
            launch
            expect shared com.storesim.premium.yearly yes
            account demo
            subscription com.storesim.premium.yearly expire
            account kid
            expect shared com.storesim.premium.yearly no
            expect notifications pending 0
            expect audit ok
            """, api: "storekit2", in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let notifications = try #require(try state(world)["notifications"] as? [[String: Any]])
        #expect(notifications.map { "\($0["type"] ?? "") \($0["transactionId"] ?? "")" }
                == ["SUBSCRIBED 1000000000000001", "EXPIRED 1000000000000001", "EXPIRED 1000000000000002"])
    }

    /// A member who joins a family gets what the family bought before, and the family gets what
    /// the member bought before.
    @Test func joiningSharesWhatEachSideBoughtBefore() throws {
        let folder = try TemporaryFolder()
        let (result, world, _) = try run("""
            account kid
            buy com.storesim.premium.monthly
            account demo
            buy com.storesim.pro
            family add kid
            restore
            expect shared com.storesim.premium.monthly yes
            account kid
            restore
            expect shared com.storesim.pro yes
            expect audit ok
            """, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let json = try state(world)
        let shares = try #require(json["transactions"] as? [[String: Any]]).filter { $0["inAppOwnershipType"] != nil }
        #expect(shares.map { "\($0["account"] ?? "") \($0["productId"] ?? "")" } == ["kid com.storesim.pro", "demo com.storesim.premium.monthly"])
    }
}
