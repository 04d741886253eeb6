import Foundation
import Testing
import IAPCore
import OrderServer
import Signing
import Storage
import StoreEngine
import TestSupport

@Suite("The order server, with a real Store")
final class OrderServerTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private let router: Router

    init() throws {
        folder = try TemporaryFolder()
        router = try Router(directory: folder.path)
    }

    // MARK: Helpers

    /// Buys a product at the Store and returns the purchased transaction the App would see.
    private func buy(_ productId: String) throws -> StoreTransaction {
        try router.deliver(.addPayment(PaymentRequest(productId: productId, answer: .confirm)))
        let updates = router.takeToApp().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { return transaction }
            return nil
        }
        let purchased = try #require(updates.last)
        try #require(purchased.state == .purchased)
        return purchased
    }

    /// Asks the Server to verify, as the App would, and returns its answer.
    private func verify(_ transaction: StoreTransaction, claiming productId: String? = nil,
                        receipt: String? = nil) throws -> VerificationAnswer {
        let claimed = productId ?? transaction.productId
        let request = VerificationRequest(
            transactionId: transaction.id, productId: claimed,
            serverProductId: BuiltInCatalog.catalog().product(id: claimed)?.serverProductId,
            receipt: try receipt ?? #require(transaction.receipt))
        try router.deliver(.verifyPurchase(request))
        let replies = router.takeToApp()
        try #require(replies.count == 1)
        guard case .verificationAnswered(let answer) = replies[0] else {
            Issue.record("expected an answer, got \(replies[0])")
            throw ServerError(StorageError(path: "", problem: "no answer"))
        }
        #expect(answer.transactionId == transaction.id)
        return answer
    }

    private func ledger() throws -> Ledger {
        try router.server.ledger()
    }

    // MARK: Crediting

    @Test func consumableCreditAddsTheGrantOnce() throws {
        let purchase = try buy("com.storesim.coins.100")
        let answer = try verify(purchase)
        #expect(answer.outcome == .credited)
        #expect(answer.productId == "com.storesim.coins.100")
        #expect(answer.grant?.english == "+100 coins")
        let ledger = try ledger()
        #expect(ledger.balances == ["coins": 100])
        #expect(ledger.credits.map(\.transactionId) == [purchase.id])
        #expect(ledger.credits.first?.account == "demo")
        #expect(ledger.rejections.isEmpty)
        #expect(ledger.entitlements.isEmpty)
    }

    @Test func twoPurchasesAreTwoCredits() throws {
        _ = try verify(try buy("com.storesim.coins.100"))
        _ = try verify(try buy("com.storesim.coins.550"))
        _ = try verify(try buy("com.storesim.coins.100"))
        let ledger = try ledger()
        #expect(ledger.balances == ["coins": 750])
        #expect(ledger.creditCount(productId: "com.storesim.coins.100") == 2)
        #expect(ledger.creditCount(productId: "com.storesim.coins.550") == 1)
    }

    @Test func theSameVerificationTwiceIsCreditedOnlyOnce() throws {
        let purchase = try buy("com.storesim.coins.100")
        #expect(try verify(purchase).outcome == .credited)
        let second = try verify(purchase)
        #expect(second.outcome == .alreadyCredited)
        #expect(second.productId == "com.storesim.coins.100")
        let ledger = try ledger()
        #expect(ledger.balances == ["coins": 100])
        #expect(ledger.credits.count == 1)
    }

    @Test func aCreditSurvivesReopeningTheServer() throws {
        let purchase = try buy("com.storesim.coins.100")
        _ = try verify(purchase)
        let reopened = try OrderServer(path: router.serverPath, catalog: BuiltInCatalog.catalog())
        #expect(try reopened.ledger() == ledger())
        #expect(try reopened.ledger().balances == ["coins": 100])
    }

    // MARK: Refusing

    @Test(arguments: [
        ("flip a bit of the signature's last byte", ReceiptStatus.notAuthenticated),
        ("garbage", ReceiptStatus.malformed),
    ])
    func tamperedReceiptIsRejectedAndRecorded(tampering: String, expected: ReceiptStatus) throws {
        let purchase = try buy("com.storesim.coins.100")
        let receipt = try #require(purchase.receipt)
        // The signature's DER ends the receipt: its last byte is the last of s.
        var der = try #require(Base64.standard.decode(receipt.utf8))
        der[der.count - 1] ^= 0x01
        let tampered = tampering == "garbage" ? "not a receipt at all" : Base64.standard.encode(der)
        let answer = try verify(purchase, receipt: tampered)
        #expect(answer.outcome == .rejected(expected))
        #expect(answer.productId == nil)
        let ledger = try ledger()
        #expect(ledger.credits.isEmpty)
        #expect(ledger.balances.isEmpty)
        #expect(ledger.rejections.map(\.transactionId) == [purchase.id])
        #expect(ledger.rejections.map(\.status) == [expected.rawValue])
        #expect(router.commitsSeen.isEmpty)
    }

    @Test func verificationUnavailableIsRejectedThenCreditedOnRetry() throws {
        let purchase = try buy("com.storesim.coins.100")
        try router.store.setSwitches { $0.verification = .down }
        #expect(try verify(purchase).outcome == .rejected(.serviceUnavailable))
        #expect(try ledger().balances.isEmpty)
        try router.store.setSwitches { $0.verification = .up }
        #expect(try verify(purchase).outcome == .credited)
        #expect(try ledger().balances == ["coins": 100])
    }

    @Test func claimingADearerProductIsCreditedAsTheReceiptSays() throws {
        let purchase = try buy("com.storesim.coins.100")
        let answer = try verify(purchase, claiming: "com.storesim.coins.550")
        #expect(answer.outcome == .credited)
        #expect(answer.productId == "com.storesim.coins.100")
        #expect(answer.grant?.english == "+100 coins")
        let ledger = try ledger()
        #expect(ledger.balances == ["coins": 100])
        #expect(ledger.credits.map(\.productId) == ["com.storesim.coins.100"])
    }

    @Test func aRefundedConsumableIsRejectedAndNeverCredited() throws {
        let purchase = try buy("com.storesim.coins.100")
        try router.store.refund(productId: "com.storesim.coins.100", at: router.now)
        #expect(try verify(purchase).outcome == .refused(.refunded))
        let ledger = try ledger()
        #expect(ledger.credits.isEmpty)
        #expect(ledger.balances.isEmpty)
        #expect(ledger.rejections.map(\.transactionId) == [purchase.id])
        #expect(ledger.rejections.map(\.status) == [0], "verifyReceipt found the receipt valid")
        #expect(ledger.rejections.map(\.reason) == ["refunded"], "the Server refused it for its own reason")
    }

    @Test func aTransactionNotOnTheReceiptIsRejectedNeverAnsweredAlreadyCredited() throws {
        let first = try buy("com.storesim.coins.100")
        #expect(try verify(first).outcome == .credited)
        let second = try buy("com.storesim.coins.550")
        #expect(try verify(second, receipt: first.receipt).outcome == .refused(.notOnReceipt))
        #expect(try ledger().rejections.map(\.transactionId) == [second.id])
        #expect(try ledger().credits.map(\.transactionId) == [first.id])
        #expect(try verify(second).outcome == .credited)
        #expect(try ledger().balances == ["coins": 650])
    }

    // MARK: A launch's recovery

    /// A recovery's credits are one transaction: when a write fails, nothing of it is kept and no
    /// order is answered, not even one the receipt does not list (which needs no write), so the
    /// app keeps every order pending. With room again, the same recovery answers each in order
    /// and credits the listed ones once.
    @Test func aRecoveryWhoseWriteFailsCreditsAndAnswersNothing() throws {
        let first = try buy("com.storesim.coins.100")
        let second = try buy("com.storesim.coins.550")
        let notListed = TransactionID(1_999_999_999_999_999)
        let request = VerificationRequest(transactionId: nil, productId: "", serverProductId: nil,
                                          receipt: try #require(second.receipt), purpose: .recovery,
                                          orders: [notListed, first.id, second.id])
        router.server.setDiskFull(true)
        #expect(throws: ServerError.self) { try self.router.deliver(.verifyPurchase(request)) }
        #expect(router.takeToApp().isEmpty)
        #expect(try ledger().credits.isEmpty)
        #expect(try ledger().balances.isEmpty)

        router.server.setDiskFull(false)
        try router.deliver(.verifyPurchase(request))
        let replies = router.takeToApp()
        #expect(replies.count == 1, "one request, one reply")
        guard case .recoveryAnswered(let answers) = try #require(replies.first) else {
            Issue.record("not a recovery's reply: \(replies)")
            return
        }
        #expect(answers.map(\.transactionId) == [notListed, first.id, second.id])
        #expect(answers.map(\.outcome) == [.notProven(.notOnReceipt), .credited, .credited])
        #expect(try ledger().credits.map(\.transactionId) == [first.id, second.id])
        #expect(try ledger().balances == ["coins": 650])
    }

    // MARK: Entitlements

    @Test func nonConsumableGivesAnEntitlementForGood() throws {
        let purchase = try buy("com.storesim.pro")
        let answer = try verify(purchase)
        #expect(answer.outcome == .credited)
        #expect(answer.grant?.english == "owns com.storesim.pro")
        let ledger = try ledger()
        #expect(ledger.entitlements.map(\.productId) == ["com.storesim.pro"])
        #expect(ledger.entitlements.first?.transactionId == purchase.id)
        #expect(ledger.entitlements.first?.expires == nil)
        #expect(ledger.owns(productId: "com.storesim.pro", account: "demo", at: SimulatedTime.epoch))
        #expect(ledger.owns(productId: "com.storesim.pro", account: "demo", at: .distantFuture))
        #expect(!ledger.owns(productId: "com.storesim.premium.monthly", account: "demo", at: SimulatedTime.epoch))
        #expect(ledger.balances.isEmpty)
    }

    @Test func autoRenewableEntitlementExpiresOnePeriodAfterPurchase() throws {
        router.now = SimulatedTime.epoch  // 2026-01-01 00:00:00
        let purchase = try buy("com.storesim.premium.yearly")
        // Verified ten days later: the period still runs from the purchase.
        router.now = SimulatedTime.epoch.addingTimeInterval(10 * 86_400)
        let answer = try verify(purchase)
        #expect(answer.outcome == .credited)
        #expect(answer.grant?.english == "owns com.storesim.premium.yearly until 2027-01-01 00:00:00")
        let oneYearLater = SimulatedTime.epoch.addingTimeInterval(365 * 86_400)
        let ledger = try ledger()
        #expect(ledger.entitlements.first?.expires == oneYearLater)
        #expect(ledger.owns(productId: "com.storesim.premium.yearly", account: "demo", at: SimulatedTime.epoch))
        #expect(ledger.owns(productId: "com.storesim.premium.yearly", account: "demo", at: oneYearLater.addingTimeInterval(-1)))
        #expect(!ledger.owns(productId: "com.storesim.premium.yearly", account: "demo", at: oneYearLater))
    }

    @Test func aFirstMonthlySubscriptionIsAOneWeekFreeTrial() throws {
        router.now = SimulatedTime.epoch
        let answer = try verify(try buy("com.storesim.premium.monthly"))
        #expect(answer.grant?.english == "owns com.storesim.premium.monthly until 2026-01-08 00:00:00")
    }

    @Test func restoringAnAlreadyCreditedProductIsNotCreditedAgain() throws {
        let purchase = try buy("com.storesim.pro")
        #expect(try verify(purchase).outcome == .credited)
        try router.deliver(.restoreCompletedTransactions)
        let restored = try #require(router.takeToApp().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { return transaction }
            return nil
        }.first)
        #expect(restored.state == .restored)
        #expect(try verify(restored).outcome == .alreadyCredited)
        #expect(try ledger().credits.count == 1)
    }

    // MARK: The crash point and the file

    @Test func serverCommittedIsPassedExactlyWhenANewCreditIsCommitted() throws {
        let first = try buy("com.storesim.coins.100")
        _ = try verify(first)
        #expect(router.commitsSeen == [1], "passed once, after the credit is on disk")
        _ = try verify(first)
        #expect(router.commitsSeen == [1], "not passed for an already-credited order")
        _ = try verify(first, receipt: "garbage")
        #expect(router.commitsSeen == [1], "not passed for a rejection")
        _ = try verify(try buy("com.storesim.pro"))
        #expect(router.commitsSeen == [1, 2])
    }

    @Test func readLedgerOnTheFileGivesTheSameLedger() throws {
        _ = try verify(try buy("com.storesim.coins.100"))
        _ = try verify(try buy("com.storesim.pro"))
        _ = try verify(try buy("com.storesim.premium.yearly"))
        let purchase = try buy("com.storesim.coins.550")
        _ = try verify(purchase, receipt: "garbage")
        let live = try ledger()
        #expect(live.credits.count == 3)
        #expect(live.rejections.count == 1)
        #expect(try OrderServer.readLedger(path: router.serverPath) == live)
    }

    @Test func readLedgerOfAMissingFileFailsAndCreatesNothing() throws {
        let missing = directory + "/no-server.sqlite"
        #expect(throws: StorageError.self) { try OrderServer.readLedger(path: missing) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
