import Foundation
import Testing
import IAPCore
import Signing
import Storage
import StoreEngine
import TestSupport

enum Products {
    static let coins = "com.storesim.coins.100"
    static let pro = "com.storesim.pro"
    static let monthly = "com.storesim.premium.monthly"
    static let yearly = "com.storesim.premium.yearly"
    static let season = "com.storesim.season"
}

@Suite("The simulated App Store")
final class StoreTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private let link = RecordingLink()
    private var path: String { directory + "/store.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    // MARK: Helpers

    private func openStore(path: String? = nil, seed: UInt64 = 42) throws -> Store {
        try Store(path: path ?? self.path, catalog: BuiltInCatalog.catalog(), seed: seed)
    }

    private func updates(_ messages: [Message]) -> [StoreTransaction] {
        messages.flatMap { message -> [StoreTransaction] in
            switch message {
            case .transactionUpdated(let transaction): [transaction]
            case .transactionsUpdated(let transactions): transactions
            default: []
            }
        }
    }

    /// Adds a payment and returns the transaction updates the Store sent for it.
    private func pay(_ store: Store, _ productId: String, _ answer: SheetAnswer = .confirm) throws -> [StoreTransaction] {
        _ = link.take()
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: answer)), link: link)
        return updates(link.take())
    }

    /// Buys a product and returns the purchased transaction.
    private func buy(_ store: Store, _ productId: String) throws -> StoreTransaction {
        let last = try #require(try pay(store, productId).last)
        try #require(last.state == .purchased)
        return last
    }

    private func check(_ store: Store, receipt: String, transactionId: TransactionID = 1, at environment: StoreEnvironment = .production,
                       sharedSecret: String?? = .none, usesPost: Bool = true) throws -> ReceiptCheckResult {
        _ = link.take()
        let request = VerificationRequest(transactionId: transactionId, productId: Products.coins,
                                          serverProductId: nil, receipt: receipt)
        let check = ReceiptCheck(request: request, environment: environment, sharedSecret: sharedSecret ?? store.sharedSecret,
                                 usesPost: usesPost)
        try store.receive(.verifyReceipt(check), link: link)
        try #require(link.sent.count == 1)
        let result = try #require(link.takeReceiptCheck(), "the Store answers with the receipt check")
        #expect(result.request == request, "the Store carries the app's request back")
        return result
    }

    private func record(_ store: Store, _ id: TransactionID) throws -> StoreRecord {
        try #require(try store.transactions().first { $0.id == id })
    }

    // MARK: Buying

    @Test func confirmedPaymentIsPurchasingThenPurchasedWithAReceiptAndCharged() throws {
        let store = try openStore()
        let updates = try pay(store, Products.coins)
        #expect(updates.map(\.state) == [.purchasing, .purchased])
        let purchased = try #require(updates.last)
        #expect(updates.first?.id == purchased.id)
        #expect(purchased.productId == Products.coins)
        #expect(purchased.originalId == purchased.id)
        #expect(purchased.error == nil)
        #expect(purchased.date == link.now)
        let receipt = try #require(purchased.receipt)
        #expect(!receipt.isEmpty)
        let stored = try record(store, purchased.id)
        #expect(stored.charged)
        #expect(!stored.finished)
        #expect(stored.state == .purchased)
        #expect(stored.kind == .purchase)
        #expect(stored.account == "demo")
    }

    @Test func cancelledPaymentFailsWithPaymentCancelledAndIsNotCharged() throws {
        let store = try openStore()
        let updates = try pay(store, Products.pro, .cancel)
        #expect(updates.map(\.state) == [.purchasing, .failed])
        let failed = try #require(updates.last)
        #expect(failed.error == .paymentCancelled)
        #expect(failed.receipt == nil)
        #expect(try !record(store, failed.id).charged)
    }

    @Test func askedPaymentIsDeferredAndNotCharged() throws {
        let store = try openStore()
        let updates = try pay(store, Products.pro, .ask)
        #expect(updates.map(\.state) == [.purchasing, .deferred])
        let deferred = try #require(updates.last)
        #expect(deferred.receipt == nil)
        #expect(deferred.error == nil)
        #expect(try !record(store, deferred.id).charged)
    }

    @Test func askToBuySwitchDefersEvenAConfirmedPayment() throws {
        let store = try openStore()
        try store.setSwitches { $0[.askToBuy] = .on }
        #expect(try pay(store, Products.coins).map(\.state) == [.purchasing, .deferred])
        try store.setSwitches { $0[.askToBuy] = .off }
        #expect(try pay(store, Products.coins).map(\.state) == [.purchasing, .purchased])
    }

    @Test(arguments: [PurchaseError.networkError, .unknown, .paymentInvalid])
    func failPurchasesSwitchFailsEveryPaymentWithItsError(error: PurchaseError) throws {
        let store = try openStore()
        try store.setSwitches { $0[.fail] = .failing(error) }
        let updates = try pay(store, Products.coins)
        #expect(updates.map(\.state) == [.purchasing, .failed])
        #expect(updates.last?.error == error)
        #expect(updates.last?.receipt == nil)
        #expect(try store.transactions().allSatisfy { !$0.charged })
    }

    @Test func paymentsOffFailsWithNotAllowed() throws {
        let store = try openStore()
        #expect(store.canMakePayments)
        try store.setSwitches { $0[.payments] = .off }
        #expect(!store.canMakePayments)
        let updates = try pay(store, Products.coins)
        #expect(updates.map(\.state) == [.purchasing, .failed])
        #expect(updates.last?.error == .paymentNotAllowed)
        #expect(try store.transactions().allSatisfy { !$0.charged })
    }

    @Test func productRequestSortsValidAndInvalidIdentifiers() throws {
        let store = try openStore()
        try store.receive(.requestProducts(identifiers: [Products.coins, "com.storesim.gone", Products.pro]), link: link)
        #expect(link.take() == [.productsResponse(ProductsResponse(
            valid: [Products.coins, Products.pro], invalid: ["com.storesim.gone"]))])
    }

    @Test func unknownProductFailsAsAnInvalidPayment() throws {
        let store = try openStore()
        let updates = try pay(store, "com.storesim.nope")
        #expect(updates.map(\.state) == [.purchasing, .failed])
        #expect(updates.last?.error == .paymentInvalid)
    }

    // MARK: Ask to Buy

    @Test func approvingADeferredRequestChargesItAndSendsPurchased() throws {
        let store = try openStore()
        let deferred = try #require(try pay(store, Products.pro, .ask).last)
        link.now = SimulatedTime.epoch.addingTimeInterval(3600)
        try store.approve(productId: Products.pro, link: link)
        let sent = updates(link.take())
        #expect(sent.count == 1)
        let approved = try #require(sent.first)
        #expect(approved.id == deferred.id)
        #expect(approved.state == .purchased)
        #expect(approved.date == link.now)
        let receipt = try #require(approved.receipt)
        #expect(try record(store, deferred.id).charged)
        let result = try check(store, receipt: receipt)
        #expect(result.status == .valid)
        #expect(result.entries.map(\.transactionId) == [deferred.id])
    }

    @Test func decliningADeferredRequestFailsItUncharged() throws {
        let store = try openStore()
        let deferred = try #require(try pay(store, Products.pro, .ask).last)
        try store.decline(productId: Products.pro, link: link)
        let declined = try #require(updates(link.take()).first)
        #expect(declined.id == deferred.id)
        #expect(declined.state == .failed)
        #expect(declined.error == .declinedByParent)
        #expect(declined.receipt == nil)
        #expect(try !record(store, deferred.id).charged)
    }

    @Test func approveOrDeclineWithNothingWaitingIsRefused() throws {
        let store = try openStore()
        _ = try buy(store, Products.pro)
        _ = link.take()
        for action in [store.approve, store.decline] {
            #expect(throws: StoreError.refused(.noAskToBuyRequest(productId: Products.pro)), "nothing waits") {
                try action(Products.pro, self.link)
            }
        }
        #expect(link.sent.isEmpty)
    }

    @Test func aRequestCanBeApprovedOnlyOnce() throws {
        let store = try openStore()
        _ = try pay(store, Products.pro, .ask)
        try store.approve(productId: Products.pro, link: link)
        #expect(throws: StoreError.self) { try store.approve(productId: Products.pro, link: self.link) }
        #expect(try store.transactions().filter(\.charged).count == 1)
    }

    // MARK: The payment queue

    @Test func finishTransactionMarksItFinished() throws {
        let store = try openStore()
        let purchased = try buy(store, Products.coins)
        try store.receive(.finishTransaction(transactionId: purchased.id), link: link)
        #expect(try record(store, purchased.id).finished)
        #expect(link.take().isEmpty, "finishing sends nothing")
    }

    @Test func finishingAnUnknownTransactionChangesNothing() throws {
        let store = try openStore()
        let purchased = try buy(store, Products.coins)
        let before = try store.transactions()
        try store.receive(.finishTransaction(transactionId: 999), link: link)
        #expect(try store.transactions() == before)
        #expect(try !record(store, purchased.id).finished)
    }

    @Test func observerRedeliversExactlyTheUnfinishedTransactions() throws {
        let store = try openStore()
        let finished = try buy(store, Products.coins)
        let unfinished = try buy(store, Products.pro)
        let cancelled = try #require(try pay(store, Products.coins, .cancel).last)
        _ = try pay(store, Products.monthly, .ask)
        try store.receive(.finishTransaction(transactionId: finished.id), link: link)
        _ = link.take()

        try store.receive(.addTransactionObserver, link: link)
        let calls = link.take()
        #expect(calls.count == 1, "one call of the observer for all of them: \(calls)")
        let redelivered = updates(calls)
        #expect(redelivered.map(\.id) == [unfinished.id, cancelled.id])
        #expect(redelivered.first == unfinished, "the same transaction, receipt and all")

        try store.receive(.finishTransaction(transactionId: unfinished.id), link: link)
        try store.receive(.finishTransaction(transactionId: cancelled.id), link: link)
        _ = link.take()
        try store.receive(.addTransactionObserver, link: link)
        #expect(link.take().isEmpty)
    }

    @Test func observerRedeliversOnlyTheSignedInAccountsTransactions() throws {
        let store = try openStore()
        _ = try buy(store, Products.coins)
        try store.signIn(account: "someone-else")
        #expect(store.account == "someone-else")
        _ = link.take()
        try store.receive(.addTransactionObserver, link: link)
        #expect(link.take().isEmpty)
    }

    @Test func anExpiredAskToBuyRequestIsToldOnlyToItsOwnAccountsApp() throws {
        let store = try openStore()
        let asked = try #require(try pay(store, Products.coins, .ask).last)
        #expect(asked.state == .deferred)
        try store.signIn(account: "someone-else")
        let theirs = try #require(try pay(store, Products.pro, .ask).last)
        link.now = link.now.addingTimeInterval(25 * 3600)
        _ = link.take()
        try store.expireAskToBuyRequests(link: link)
        // Both requests ended, but the device signed into someone-else hears only of its own.
        #expect(updates(link.take()).map(\.id) == [theirs.id])
        let ended = try store.transactions().filter { $0.error == .askToBuyExpired }
        #expect(Set(ended.map(\.id)) == [asked.id, theirs.id])
    }

    // MARK: Persistence

    @Test func reopenedStoreKeepsUnfinishedTransactionsSwitchesAndReceiptKey() throws {
        let receipt: String
        let purchased: StoreTransaction
        do {
            let store = try openStore(seed: 1)
            purchased = try buy(store, Products.pro)
            receipt = try #require(purchased.receipt)
            try store.setSwitches {
                $0[.askToBuy] = .on
                $0[.fail] = .failing(.networkError)
                $0.verification = .up
            }
        }
        // Another seed: a reopened Store must keep the key it has, not derive a new one.
        let reopened = try openStore(seed: 2)
        #expect(reopened.switches.isOn(.askToBuy))
        #expect(reopened.switches[.fail] == .failing(.networkError))
        #expect(reopened.switches.isOn(.payments))

        _ = link.take()
        try reopened.receive(.addTransactionObserver, link: link)
        #expect(updates(link.take()) == [purchased])

        let result = try check(reopened, receipt: receipt, transactionId: purchased.id)
        #expect(result.status == .valid)
        #expect(result.entries.map(\.transactionId) == [purchased.id])

        try reopened.setSwitches { $0[.fail] = .off; $0[.askToBuy] = .off }
        let next = try buy(reopened, Products.coins)
        #expect(next.id > purchased.id, "ids are not reused")
    }

    @Test func switchesOffSurviveReopening() throws {
        do {
            let store = try openStore()
            try store.setSwitches { $0[.payments] = .off; $0.verification = .down }
        }
        let reopened = try openStore()
        #expect(!reopened.switches.isOn(.payments))
        #expect(!(reopened.switches.verification == .up))
        #expect(!reopened.switches.isOn(.askToBuy))
        #expect(reopened.switches[.fail] == .off)
    }

    @Test func readTransactionsSeesWhatTheStoreKeeps() throws {
        let store = try openStore()
        _ = try buy(store, Products.coins)
        _ = try pay(store, Products.pro, .ask)
        #expect(try Store.readTransactions(path: path) == store.transactions())
        #expect(try Store.readTransactions(path: path).count == 2)
    }

    // MARK: verifyReceipt

    @Test func validReceiptAnswersStatusZeroWithItsEntry() throws {
        let store = try openStore()
        link.now = SimulatedTime.epoch.addingTimeInterval(12.5)
        let purchased = try buy(store, Products.coins)
        link.now = SimulatedTime.epoch.addingTimeInterval(86_400)
        let result = try check(store, receipt: try #require(purchased.receipt), transactionId: purchased.id)
        #expect(result.status == .valid)
        var expected = ReceiptEntry(transactionId: purchased.id, originalTransactionId: purchased.id, productId: Products.coins,
                                    account: "demo", purchaseDate: SimulatedTime.epoch.addingTimeInterval(12.5))
        expected.originalPurchaseDate = expected.purchaseDate
        expected.isTrialPeriod = false
        expected.isInIntroOfferPeriod = false
        #expect(result.entries == [expected])
    }

    /// The answer is Apple's `responseBody` JSON, read here with Foundation's parser, not the
    /// Server's: Apple's names, numbers where Apple writes numbers, strings everywhere else
    /// (`…_ms` dates, `"quantity": "1"`, `"false"` flags), each date three ways.
    @Test func theAnswerIsApplesResponseBodyJSON() throws {
        let store = try openStore()
        link.now = SimulatedTime.epoch.addingTimeInterval(12.5)
        let purchased = try buy(store, Products.coins)
        link.now = SimulatedTime.epoch.addingTimeInterval(86_400)
        let result = try check(store, receipt: try #require(purchased.receipt), transactionId: purchased.id)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(result.responseBody.utf8)) as? [String: Any])
        #expect(body["status"] as? Int == 0)
        #expect(body["environment"] as? String == "Production")
        let receipt = try #require(body["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "com.storesim.app")
        #expect(receipt["adam_id"] as? Int == 1_234_567_890)
        #expect(receipt["receipt_type"] as? String == "Production")
        #expect(receipt["request_date_ms"] as? String == "1767312000000")
        #expect(receipt["request_date"] as? String == "2026-01-02 00:00:00 Etc/GMT")
        #expect(receipt["request_date_pst"] as? String == "2026-01-01 16:00:00 America/Los_Angeles")
        let inApp = try #require(receipt["in_app"] as? [[String: Any]])
        #expect(inApp.count == 1)
        let entry = try #require(inApp.first)
        #expect(entry["transaction_id"] as? String == purchased.id.description)
        #expect(entry["original_transaction_id"] as? String == purchased.id.description)
        #expect(entry["product_id"] as? String == Products.coins)
        #expect(entry["quantity"] as? String == "1")
        #expect(entry["purchase_date_ms"] as? String == "1767225612500")
        #expect(entry["purchase_date"] as? String == "2026-01-01 00:00:12 Etc/GMT")
        #expect(entry["original_purchase_date_ms"] as? String == "1767225612500")
        #expect(entry["is_trial_period"] as? String == "false")
        #expect(entry["in_app_ownership_type"] as? String == "PURCHASED")
        #expect(entry["cancellation_date_ms"] == nil)
        #expect(body["latest_receipt_info"] == nil, "only for receipts with auto-renewable subscriptions")
        #expect(body["is-retryable"] == nil, "only for 21100-21199")
    }

    /// Apple's `is-retryable`: "Only applicable to status codes 21100-21199"; "A value of 1
    /// indicates a temporary issue; retry validation for this receipt at a later time."
    @Test func anInternalErrorSaysItIsRetryable() throws {
        let store = try openStore()
        let purchased = try buy(store, Products.coins)
        try store.setSwitches { $0.verification = .internalError }
        let result = try check(store, receipt: try #require(purchased.receipt), transactionId: purchased.id)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(result.responseBody.utf8)) as? [String: Any])
        #expect(body["status"] as? Int == 21100)
        #expect(body["is-retryable"] as? Bool == true)
        #expect(body["receipt"] == nil)
        #expect(result.response.status == .internalError)
    }

    /// The DER of a receipt and where its payload lies in it.
    private func opened(_ receipt: String) throws -> (der: [UInt8], payload: Range<Int>) {
        let der = try #require(Base64.standard.decode(receipt.utf8))
        let payload = try SignedData(der: der).content
        let start = try #require((0...(der.count - payload.count)).first { Array(der[$0..<($0 + payload.count)]) == payload })
        return (der, start..<(start + payload.count))
    }

    @Test func receiptWithARewrittenPayloadIsNotAuthenticated() throws {
        let store = try openStore()
        let receipt = try #require(try buy(store, Products.coins).receipt)
        var (der, payload) = try opened(receipt)
        let product = Array(Products.coins.utf8), dearer = Array("com.storesim.coins.550".utf8)
        let at = try #require(payload.first { Array(der[$0..<min($0 + product.count, der.count)]) == product })
        der.replaceSubrange(at..<(at + product.count), with: dearer)
        let result = try check(store, receipt: Base64.standard.encode(der))
        #expect(result.status == .notAuthenticated)
        #expect(result.entries.isEmpty)
    }

    @Test func receiptWithOneChangedPayloadByteIsRefused() throws {
        let store = try openStore()
        let receipt = try #require(try buy(store, Products.coins).receipt)
        let (der, payload) = try opened(receipt)
        // Change bytes throughout the payload, one at a time.
        var positions = 0
        for offset in stride(from: payload.lowerBound, to: payload.upperBound, by: 7) {
            var bytes = der
            bytes[offset] ^= 0x01
            let result = try check(store, receipt: Base64.standard.encode(bytes))
            // The container still reads: the signature no longer matches its content.
            #expect(result.status == .notAuthenticated, "offset \(offset)")
            #expect(result.entries.isEmpty)
            positions += 1
        }
        #expect(positions > 10)
    }

    @Test func receiptWithAChangedSignatureIsNotAuthenticated() throws {
        let store = try openStore()
        let receipt = try #require(try buy(store, Products.coins).receipt)
        var der = try opened(receipt).der
        // The signature's DER ends the receipt: its last byte is the last of s.
        der[der.count - 1] ^= 0x01
        #expect(try check(store, receipt: Base64.standard.encode(der)).status == .notAuthenticated)
        #expect(try check(store, receipt: String(receipt.dropLast(4))).status == .malformed)
    }

    @Test(arguments: ["", "garbage", "no-dot-here", "a.b", "....", "eyJ9.zz", "%%%.00"])
    func garbageReceiptIsMalformed(text: String) throws {
        let store = try openStore()
        let result = try check(store, receipt: text)
        #expect(result.status == .malformed)
        #expect(result.entries.isEmpty)
    }

    @Test func receiptFromAStoreWithAnotherKeyIsNotAuthenticated() throws {
        let mine = try openStore(seed: 1)
        let theirs = try openStore(path: directory + "/other.sqlite", seed: 2)
        let receipt = try #require(try buy(theirs, Products.coins).receipt)
        #expect(try check(mine, receipt: receipt).status == .notAuthenticated)
        #expect(try check(theirs, receipt: receipt).status == .valid)
    }

    @Test func verificationSwitchOffAnswers21005() throws {
        let store = try openStore()
        let receipt = try #require(try buy(store, Products.coins).receipt)
        try store.setSwitches { $0.verification = .down }
        let result = try check(store, receipt: receipt)
        #expect(result.status == .serviceUnavailable)
        #expect(result.status.rawValue == 21005)
        #expect(result.entries.isEmpty)
        try store.setSwitches { $0.verification = .up }
        #expect(try check(store, receipt: receipt).status == .valid)
    }

    /// Apple (App Store Receipts, status): 21002 "...the service experienced a temporary issue.
    /// Try again."; 21000 "The request to the App Store was not made using the HTTP POST request
    /// method."
    @Test func aTemporaryIssueAnswers21002AndAGetRequest21000() throws {
        let store = try openStore()
        let receipt = try #require(try buy(store, Products.coins).receipt)
        try store.setSwitches { $0.verification = .temporaryIssue }
        #expect(try check(store, receipt: receipt).status == .malformed)
        try store.setSwitches { $0.verification = .up }
        #expect(try check(store, receipt: receipt, usesPost: false).status == .notPost)
        #expect(try check(store, receipt: receipt).status == .valid)
    }

    /// Apple: 21007 "This receipt is from the test environment, but it was sent to the production
    /// environment for verification."; 21008 the reverse.
    @Test func aReceiptAskedAtTheOtherEnvironmentAnswers21007Or21008() throws {
        let store = try openStore()
        let production = try #require(try buy(store, Products.coins).receipt)
        try store.setSwitches { $0.environment = .sandbox }
        let sandbox = try #require(try buy(store, "com.storesim.coins.550").receipt)
        #expect(try check(store, receipt: sandbox).status == .sandboxReceiptInProduction)
        #expect(try check(store, receipt: sandbox, at: .sandbox).status == .valid)
        #expect(try check(store, receipt: production, at: .sandbox).status == .productionReceiptInSandbox)
        #expect(try check(store, receipt: production).status == .valid)
    }

    /// Apple: 21004 "The shared secret you provided does not match the shared secret on file for
    /// your account." A receipt without auto-renewable subscriptions needs no shared secret.
    @Test func aReceiptWithASubscriptionNeedsTheSharedSecret() throws {
        let store = try openStore()
        let coins = try #require(try buy(store, Products.coins).receipt)
        #expect(try check(store, receipt: coins, sharedSecret: .some(nil)).status == .valid)
        let monthly = try #require(try buy(store, Products.monthly).receipt)
        #expect(try check(store, receipt: monthly, sharedSecret: .some(nil)).status == .wrongSharedSecret)
        #expect(try check(store, receipt: monthly, sharedSecret: "not " + store.sharedSecret).status == .wrongSharedSecret)
        #expect(try check(store, receipt: monthly).status == .valid)
    }

    // MARK: Restore

    @Test func restoreBringsBackNonConsumablesAndSubscriptionsOnly() throws {
        let store = try openStore()
        var originals: [String: StoreTransaction] = [:]
        for product in [Products.coins, Products.pro, Products.monthly, Products.season] {
            let purchased = try buy(store, product)
            originals[product] = purchased
            try store.receive(.finishTransaction(transactionId: purchased.id), link: link)
        }
        _ = try pay(store, Products.yearly, .cancel)
        _ = try pay(store, Products.yearly, .ask)
        let highestBefore = try #require(try store.transactions().map(\.id).max())
        _ = link.take()

        link.now = SimulatedTime.epoch.addingTimeInterval(7200)
        try store.receive(.restoreCompletedTransactions, link: link)
        let sent = link.take()
        let restored = updates(sent)
        #expect(Set(restored.map(\.productId)) == [Products.pro, Products.monthly])
        #expect(restored.count == 2)
        #expect(sent.last == .restoreCompleted(.finished(restored: 2)))
        #expect(sent.count == 3)
        for transaction in restored {
            let original = try #require(originals[transaction.productId])
            #expect(transaction.state == .restored)
            #expect(transaction.originalId == original.id)
            #expect(transaction.id > highestBefore, "a restore is a new transaction")
            #expect(transaction.date == link.now)
            let result = try check(store, receipt: try #require(transaction.receipt))
            #expect(result.status == .valid)
            #expect(result.entries.first?.originalTransactionId == original.id, "the receipt leads with the restored purchase")
            // Apple: non-consumables, auto-renewable and non-renewing subscriptions "remain in the
            // receipt indefinitely"; a finished consumable has left it.
            let season = try #require(originals[Products.season])
            #expect(Set(result.entries.map(\.originalTransactionId)) == Set(restored.map(\.originalId) + [season.id]),
                    "and lists the account's other non-consumables and subscriptions of both kinds, never a finished consumable")
        }
        #expect(try store.transactions().filter { $0.kind == .restore }.allSatisfy { !$0.charged })
    }

    @Test func restoreWithNothingToRestoreFinishesWithZero() throws {
        let store = try openStore()
        let coins = try buy(store, Products.coins)
        try store.receive(.finishTransaction(transactionId: coins.id), link: link)
        _ = link.take()
        try store.receive(.restoreCompletedTransactions, link: link)
        #expect(link.take() == [.restoreCompleted(.finished(restored: 0))])
    }

    @Test func restoringTwiceRestoresEachProductOnceEachTime() throws {
        let store = try openStore()
        _ = try buy(store, Products.pro)
        for _ in 0..<2 {
            _ = link.take()
            try store.receive(.restoreCompletedTransactions, link: link)
            let sent = link.take()
            #expect(updates(sent).map(\.productId) == [Products.pro])
            #expect(sent.last == .restoreCompleted(.finished(restored: 1)))
        }
    }

    // MARK: Determinism

    @Test func transactionIdsIncreaseAndRepeatRunForRun() throws {
        func run(_ path: String) throws -> [StoreTransaction] {
            let store = try openStore(path: path, seed: 7)
            var all: [StoreTransaction] = []
            all += try pay(store, Products.coins)
            all += try pay(store, Products.pro, .cancel)
            all += try pay(store, Products.monthly, .ask)
            try store.approve(productId: Products.monthly, link: link)
            all += updates(link.take())
            return all
        }
        let first = try run(directory + "/one.sqlite")
        let second = try run(directory + "/two.sqlite")
        #expect(first == second, "same seed and clock: same ids, same receipts")
        let ids = first.map(\.id)
        let distinct = Array(Set(ids)).sorted()
        #expect(distinct.count == 3)
        #expect(ids == [distinct[0], distinct[0], distinct[1], distinct[1], distinct[2], distinct[2], distinct[2]])
    }
}
