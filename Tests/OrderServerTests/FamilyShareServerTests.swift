import Foundation
import Testing
import IAPCore
import OrderServer
import StoreEngine
import TestSupport

/// The Server and a family member's shared transaction: it proves the member's access, once, and
/// never a payment. Apple, in_app_ownership_type: "Use the value of in_app_ownership_type to
/// understand whether a transaction belongs to the purchaser or a family member who benefits."
@Suite struct FamilyShareServerTests {
    /// `demo` and `kid` in one family, `demo` bought Pro: returns kid's share as kid's app gets it.
    private func shareOfPro(_ router: Router) throws -> StoreTransaction {
        try router.store.signIn(account: "kid")
        try router.store.signIn(account: "demo")
        _ = try router.store.addToFamily("kid", at: router.now)
        try router.deliver(.addPayment(PaymentRequest(productId: "com.storesim.pro", answer: .confirm)))
        _ = router.takeToApp()
        try router.store.signIn(account: "kid")
        try router.deliver(.addTransactionObserver)
        let queued = router.takeToApp().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { return transaction }
            return nil
        }
        return try #require(queued.first { $0.productId == "com.storesim.pro" })
    }

    private func verify(_ share: StoreTransaction, _ router: Router) throws -> VerificationAnswer? {
        try router.deliver(.verifyPurchase(VerificationRequest(
            transactionId: share.id, productId: share.productId, serverProductId: "pro_unlock", receipt: try #require(share.receipt))))
        return router.takeToApp().compactMap { message -> VerificationAnswer? in
            if case .verificationAnswered(let answer) = message { return answer }
            return nil
        }.first
    }

    @Test func aShareCreditsTheMembersAccessOnceAndNothingElse() throws {
        let folder = try TemporaryFolder()
        let router = try Router(directory: folder.path)
        let share = try shareOfPro(router)
        #expect(try verify(share, router)?.outcome == .credited)
        #expect(try verify(share, router)?.outcome == .alreadyCredited)
        let ledger = try router.server.ledger()
        #expect(ledger.familyEntitlements.map { "\($0.account) \($0.productId) \($0.transactionId)" } == ["kid com.storesim.pro \(share.id)"])
        #expect(ledger.entitlements.isEmpty, "the purchaser's entitlement comes from the purchaser's own transaction, never from a share")
        #expect(ledger.balances.isEmpty)
        #expect(ledger.credits.map(\.account) == ["kid"])
    }

    /// A Server whose catalog does not share the product refuses a share of it, whatever the
    /// Store shared: a shared transaction proves no payment to credit instead.
    @Test func aServerThatDoesNotShareTheProductRefusesTheShare() throws {
        let folder = try TemporaryFolder()
        let share = try shareOfPro(try Router(directory: folder.path))
        let text = BuiltInCatalog.json.replacingOccurrences(of: "\"pro_unlock\",\n      \"familyShareable\": true", with: "\"pro_unlock\"")
        #expect(text != BuiltInCatalog.json)
        let unshared = try CatalogParser.parse(Data(text.utf8), file: "unshared.json")
        #expect(unshared.product(id: "com.storesim.pro")?.isFamilyShared == false)
        let router = try Router(directory: folder.path, catalog: unshared)
        try router.store.signIn(account: "kid")
        #expect(try verify(share, router)?.outcome == .refused(.notShareable))
        let ledger = try router.server.ledger()
        #expect(ledger.credits.isEmpty && ledger.familyEntitlements.isEmpty && ledger.balances.isEmpty)
    }

    /// A share revoked before the member's app verified it is never credited.
    @Test func aRevokedShareIsNeverCredited() throws {
        let folder = try TemporaryFolder()
        let router = try Router(directory: folder.path)
        let share = try shareOfPro(router)
        _ = try router.store.leaveFamily("kid", at: router.now)
        #expect(try verify(share, router)?.outcome == .refused(.refunded))
        #expect(try router.server.ledger().familyEntitlements.isEmpty)
    }
}
