import Foundation
import IAPCore
import StoreEngine
import Testing
import TestSupport

/// The Store answering a StoreKit 2 app: `Product.purchase()` gives one result ("success",
/// "userCancelled", "pending"), transactions the Store sends on its own arrive through
/// `Transaction.updates`, and `AppStore.sync()` brings back the current entitlements.
@Suite("The Store under StoreKit 2")
final class StoreKit2StoreTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private let store: Store

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
        try store.serve(.storekit2, from: link.now)
    }

    private func purchase(_ productId: String, _ answer: SheetAnswer = .confirm) throws -> [Message] {
        _ = link.take()
        try store.receive(.purchase(PaymentRequest(productId: productId, answer: answer)), link: link)
        return link.take()
    }

    @Test func aPurchaseAnswersOnceWithTheSignedTransaction() throws {
        let sent = try purchase("com.storesim.coins.100")
        #expect(sent.count == 1)
        guard case .purchaseResult(.success(let transaction)) = try #require(sent.first) else {
            Issue.record("expected .success, got \(sent)")
            return
        }
        let record = try #require(try store.transactions().last)
        #expect(transaction == SignedTransaction(transactionId: record.id, productId: "com.storesim.coins.100",
                                                 state: .purchased, jws: try #require(record.signedTransaction)))
        #expect(record.isUnfinished)
    }

    @Test func aCancelledOrFailedPurchaseLeavesNothingToFinish() throws {
        #expect(try purchase("com.storesim.coins.100", .cancel) == [.purchaseResult(.userCancelled(productId: "com.storesim.coins.100"))])
        try store.setSwitches { $0[.fail] = .failing(.networkError) }
        #expect(try purchase("com.storesim.coins.100") == [.purchaseResult(.failed(productId: "com.storesim.coins.100", .networkError))])
        #expect(try store.transactions().allSatisfy { $0.state == .failed && !$0.isUnfinished })
    }

    @Test func askToBuyIsPendingAndTheApprovalComesThroughTransactionUpdates() throws {
        #expect(try purchase("com.storesim.pro", .ask) == [.purchaseResult(.pending(productId: "com.storesim.pro"))])
        try store.approve(productId: "com.storesim.pro", link: link)
        let approved = try #require(try store.transactions().last)
        #expect(link.take() == [.transactionUpdate(SignedTransaction(
            transactionId: approved.id, productId: "com.storesim.pro", state: .purchased, jws: try #require(approved.signedTransaction)))])
    }

    @Test func aDeclinedRequestSendsNothingAndLeavesNothingToFinish() throws {
        _ = try purchase("com.storesim.pro", .ask)
        try store.decline(productId: "com.storesim.pro", link: link)
        #expect(link.take().isEmpty)
        #expect(try store.transactions().last.map { $0.state == .failed && !$0.isUnfinished } == true)
    }

    @Test func theListenerGetsEveryUnfinishedTransactionAndFinishEndsIt() throws {
        _ = try purchase("com.storesim.coins.100")
        let id = try #require(try store.transactions().last?.id)
        try store.receive(.listenForTransactions, link: link)
        #expect(link.take().map(\.summary) == ["Transaction.updates: com.storesim.coins.100 tx \(id)"])
        try store.receive(.finish(transactionId: id), link: link)
        try store.receive(.listenForTransactions, link: link)
        #expect(link.take().isEmpty)
    }

    @Test func buyingANonConsumableAgainHandsBackItsTransactionAndSyncBringsItBack() throws {
        _ = try purchase("com.storesim.pro")
        let original = try #require(try store.transactions().last)
        let again = try purchase("com.storesim.pro")
        #expect(again.map(\.summary) == ["purchase result .success com.storesim.pro tx \(original.id)"])
        #expect(try store.transactions().count == 1, "no new transaction")
        try store.receive(.sync, link: link)
        #expect(link.take().map(\.summary) == [
            "Transaction.updates: com.storesim.pro tx \(original.id) (AppStore.sync)", "restore finished: 1 restored",
        ])
    }

    @Test func aTransactionMadeUnderStoreKit1IsSignedWhenStoreKit2FirstDeliversIt() throws {
        try store.serve(.storekit1, from: link.now)
        try store.receive(.addPayment(PaymentRequest(productId: "com.storesim.coins.100", answer: .confirm)), link: link)
        #expect(try store.transactions().last?.signedTransaction == nil)
        try store.serve(.storekit2, from: link.now)
        _ = link.take()
        try store.receive(.listenForTransactions, link: link)
        guard case .transactionUpdate(let update) = try #require(link.take().first) else {
            Issue.record("expected a Transaction.updates delivery")
            return
        }
        #expect(try store.transactions().last?.signedTransaction == update.jws)
    }
}
