import Foundation
import Testing
import IAPClient
import IAPCore
import TestSupport

/// A Link that writes down, in order, every message the app sends and every crash point it
/// reaches, together with what the cache file held at that moment. It throws `AppCrash` at
/// the configured point.
private final class AppLink: RecordingLink {
    let cachePath: String
    private(set) var log: [String] = []

    init(cachePath: String) {
        self.cachePath = cachePath
        super.init()
    }

    /// The transaction ids the cache file holds right now, read from disk.
    private var onDisk: String {
        let ids = (try? PendingOrderCache.read(path: cachePath).orders.map(\.transactionId.description)) ?? ["unreadable"]
        return "[" + ids.joined(separator: ",") + "]"
    }

    override func send(_ message: Message) {
        super.send(message)
        switch message {
        case .addPayment(let request): log.append("pay \(request.productId)")
        case .verifyPurchase(let request): log.append("verify \(request.transactionId?.description ?? "") cache=\(onDisk)")
        case .finishTransaction(let id): log.append("finish \(id) cache=\(onDisk)")
        case .addTransactionObserver: log.append("observe")
        case .restoreCompletedTransactions: log.append("restore")
        default: log.append("other \(message.summary)")
        }
    }

    override func reached(_ point: CrashPoint) throws(AppCrash) {
        log.append("reached \(point.rawValue)")
        try super.reached(point)
    }

    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }

    func takeSent() -> [Message] {
        defer { log = [] }
        return take()
    }
}

@Suite("The app's purchase service")
final class PurchaseServiceTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private let link: AppLink
    private var cachePath: String { directory + "/pending-orders" }

    private static let coins = "com.storesim.coins.100"
    private static let tx: TransactionID = 1_000_000_000_000_000_001

    init() throws {
        folder = try TemporaryFolder()
        link = AppLink(cachePath: folder.file("pending-orders"))
    }

    // MARK: Helpers

    /// A verify-then-finish app that bought coins and is waiting for its Server's answer.
    private func serviceAwaitingVerification() throws -> PurchaseService {
        let service = try service(.verifyThenFinish)
        _ = try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
        try service.receive(.transactionUpdated(transaction(.purchased)))
        _ = link.takeLog()
        return service
    }

    private func service(_ strategy: Strategy) throws -> PurchaseService {
        PurchaseService(catalog: BuiltInCatalog.catalog(), strategy: strategy,
                        cache: try PendingOrderCache(path: cachePath), receipt: AppReceipt(path: cachePath + ".receipt"),
                        link: link)
    }

    private func transaction(_ state: TransactionState, id: TransactionID = tx, productId: String = coins,
                             error: PurchaseError? = nil) -> StoreTransaction {
        StoreTransaction(id: id, originalId: id, productId: productId, state: state, date: SimulatedTime.epoch,
                         receipt: state == .purchased || state == .restored ? "receipt-\(id)" : nil, error: error)
    }

    private func answer(_ outcome: VerificationOutcome, id: TransactionID = tx) -> Message {
        .verificationAnswered(VerificationAnswer(transactionId: id, outcome: outcome,
                                                 productId: Self.coins, grant: .amounts([GrantAmount(currency: "coins", amount: 100)])))
    }

    /// Buys coins through the whole flow: tap, purchasing, purchased, then the Server's answer.
    /// Returns the log of effects before and after the answer.
    private func purchase(with strategy: Strategy) throws -> (untilAnswer: [String], afterAnswer: [String]) {
        let service = try service(strategy)
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
        try service.receive(.transactionUpdated(transaction(.purchasing)))
        try service.receive(.transactionUpdated(transaction(.purchased)))
        let untilAnswer = link.takeLog()
        try service.receive(answer(.credited))
        return (untilAnswer, link.takeLog())
    }

    // MARK: Strategies

    @Test func verifyThenFinishCachesVerifiesAndFinishesOnlyAfterTheCredit() throws {
        let (untilAnswer, afterAnswer) = try purchase(with: .verifyThenFinish)
        #expect(untilAnswer == [
            "pay \(Self.coins)",
            "reached payment-sent",
            "reached purchased",
            "reached cached",
            "verify \(Self.tx) cache=[\(Self.tx)]",
        ])
        #expect(afterAnswer == [
            "reached verified",
            "finish \(Self.tx) cache=[\(Self.tx)]",
            "reached finished",
        ])
        #expect(try PendingOrderCache.read(path: cachePath).orders.isEmpty, "dropped after finishing")
    }

    @Test func finishFirstFinishesBeforeVerifyingAndNeverCaches() throws {
        let (untilAnswer, afterAnswer) = try purchase(with: .finishFirst)
        #expect(untilAnswer == [
            "pay \(Self.coins)",
            "reached payment-sent",
            "reached purchased",
            "finish \(Self.tx) cache=[]",
            "reached finished",
            "verify \(Self.tx) cache=[]",
        ])
        #expect(afterAnswer == ["reached verified"], "already finished: nothing more to send")
    }

    @Test func queueOnlyVerifiesWithoutCacheAndFinishesAfterTheCredit() throws {
        let (untilAnswer, afterAnswer) = try purchase(with: .queueOnly)
        #expect(untilAnswer == [
            "pay \(Self.coins)",
            "reached payment-sent",
            "reached purchased",
            "verify \(Self.tx) cache=[]",
        ])
        #expect(afterAnswer == [
            "reached verified",
            "finish \(Self.tx) cache=[]",
            "reached finished",
        ])
    }

    /// Apple, Finish Transaction: "If you manage entitlement logic on your server, your server
    /// can call Finish Transaction after it finishes providing the customer with the new content."
    @Test func serverFinishesVerifiesWithoutCacheAndLeavesTheFinishToTheServer() throws {
        let (untilAnswer, afterAnswer) = try purchase(with: .serverFinishes)
        #expect(untilAnswer == [
            "pay \(Self.coins)",
            "reached payment-sent",
            "reached purchased",
            "verify \(Self.tx) cache=[]",
        ])
        #expect(afterAnswer == ["reached verified"], "the Server finishes it: the app sends nothing")
    }

    @Test func finishThenCacheFinishesThenCachesThenVerifies() throws {
        let (untilAnswer, afterAnswer) = try purchase(with: .finishThenCache)
        #expect(untilAnswer == [
            "pay \(Self.coins)",
            "reached payment-sent",
            "reached purchased",
            "finish \(Self.tx) cache=[]",
            "reached finished",
            "reached cached",
            "verify \(Self.tx) cache=[\(Self.tx)]",
        ])
        #expect(afterAnswer == ["reached verified"])
        #expect(try PendingOrderCache.read(path: cachePath).orders.isEmpty, "dropped after the credit")
    }

    @Test(arguments: Strategy.allCases)
    func verificationRequestCarriesTheReceiptAndServerProductId(strategy: Strategy) throws {
        let service = try service(strategy)
        _ = try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
        try service.receive(.transactionUpdated(transaction(.purchased)))
        let requests = link.takeSent().compactMap { message -> VerificationRequest? in
            if case .verifyPurchase(let request) = message { return request }
            return nil
        }
        #expect(requests == [VerificationRequest(transactionId: Self.tx, productId: Self.coins,
                                                 serverProductId: "coins_100", receipt: "receipt-\(Self.tx)",
                                                 serverFinishes: strategy == .serverFinishes)])
    }

    // MARK: Answers that are not credits

    @Test func anUnreachableServerLeavesTheOrderCachedAndUnfinished() throws {
        let service = try serviceAwaitingVerification()
        try service.receive(.verificationFailed(VerificationFailure(transactionId: Self.tx, reason: .request(.networkOffline))))
        #expect(link.takeLog().isEmpty, "no finish")
        #expect(try PendingOrderCache.read(path: cachePath).orders.map(\.transactionId) == [Self.tx])
    }

    @Test func verificationServiceUnavailableLeavesTheOrderCachedAndUnfinished() throws {
        let service = try serviceAwaitingVerification()
        try service.receive(answer(.rejected(.serviceUnavailable)))
        #expect(!link.takeLog().contains { $0.hasPrefix("finish") })
        #expect(try PendingOrderCache.read(path: cachePath).orders.map(\.transactionId) == [Self.tx])
    }

    /// Apple (verifyReceipt status): 21002 "The data in the receipt-data property was malformed or
    /// the service experienced a temporary issue. Try again."; 21005 "The receipt server was
    /// temporarily unable to provide the receipt. Try again." Neither these nor a Server's wrong
    /// method (21000) or shared secret (21004) condemn the receipt: the order is kept for the next try.
    @Test(arguments: [ReceiptStatus.malformed, .serviceUnavailable, .notPost, .wrongSharedSecret])
    func aStatusThatDoesNotCondemnTheReceiptKeepsTheOrder(_ status: ReceiptStatus) throws {
        let service = try serviceAwaitingVerification()
        try service.receive(answer(.rejected(status)))
        #expect(!link.takeLog().contains { $0.hasPrefix("finish") })
        #expect(try PendingOrderCache.read(path: cachePath).orders.map(\.transactionId) == [Self.tx])
        #expect(!FileManager.default.fileExists(atPath: service.cache.rejectedPath), "nothing set aside")
    }

    @Test func aServerRefusalIsSetAsideWithItsOwnReasonNotAStatusCode() throws {
        let service = try serviceAwaitingVerification()
        try service.receive(answer(.refused(.otherAccount)))
        #expect(try PendingOrderCache.read(path: cachePath).orders.isEmpty)
        let rejected = try String(contentsOfFile: service.cache.rejectedPath, encoding: .utf8)
        #expect(rejected.hasPrefix("\(Self.tx)\t\(Self.coins)\trefused by the Server: the receipt belongs to another App Store account\t"))
    }

    @Test func aRejectedReceiptIsSetAsideWithItsReasonAndTheTransactionLeftToTheQueue() throws {
        let service = try serviceAwaitingVerification()
        try service.receive(answer(.rejected(.notAuthenticated)))
        #expect(!link.takeLog().contains { $0.hasPrefix("finish") }, "a rejected receipt proves nothing about the Store's transaction")
        #expect(try PendingOrderCache.read(path: cachePath).orders.isEmpty, "not retried forever")
        let rejected = try String(contentsOfFile: service.cache.rejectedPath, encoding: .utf8)
        #expect(rejected.hasPrefix("\(Self.tx)\t\(Self.coins)\t21003 the receipt could not be authenticated\t"))
    }

    @Test func aFailedTransactionIsFinishedAndTheProductCanBeBoughtAgain() throws {
        let service = try service(.verifyThenFinish)
        _ = try service.buy(productId: Self.coins, answer: .cancel, canMakePayments: true)
        try service.receive(.transactionUpdated(transaction(.failed, error: .paymentCancelled)))
        #expect(link.takeLog().contains("finish \(Self.tx) cache=[]"))
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
    }

    // MARK: Tapping Buy

    @Test func aSecondBuyWhileOneIsInFlightIsRefusedAndSendsNothing() throws {
        let service = try service(.verifyThenFinish)
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
        _ = link.takeSent()
        try service.receive(.transactionUpdated(transaction(.purchasing)))
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
                == .alreadyInProgress(Self.coins))
        #expect(link.takeSent().isEmpty)
        // Another product is not blocked, and once purchased the first can be bought again.
        #expect(try service.buy(productId: "com.storesim.pro", answer: .confirm, canMakePayments: true) == nil)
        try service.receive(.transactionUpdated(transaction(.purchased)))
        _ = link.takeSent()
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
        #expect(link.takeSent().count == 1)
    }

    @Test func buyRefusalsSendNothing() throws {
        let service = try service(.verifyThenFinish)
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: false) == .paymentsNotAllowed)
        #expect(try service.buy(productId: "com.storesim.nope", answer: .confirm, canMakePayments: true)
                == .unknownProduct("com.storesim.nope"))
        #expect(link.takeSent().isEmpty)
    }

    @Test func aProductTheStoreReportsInvalidIsNotBought() throws {
        let service = try service(.verifyThenFinish)
        try service.receive(.productsResponse(ProductsResponse(valid: [Self.coins], invalid: ["com.storesim.pro"])))
        #expect(service.invalidProductIds == ["com.storesim.pro"])
        #expect(try service.buy(productId: "com.storesim.pro", answer: .confirm, canMakePayments: true)
                == .unknownProduct("com.storesim.pro"))
        #expect(link.takeSent().isEmpty)
        #expect(try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
    }

    // MARK: Crashes and launch recovery

    @Test func aCrashAtAPointStopsTheFlowThere() throws {
        link.crashAt = .cached
        let service = try service(.verifyThenFinish)
        _ = try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
        _ = link.takeLog()
        #expect(throws: AppCrash(point: .cached)) {
            try service.receive(.transactionUpdated(self.transaction(.purchased)))
        }
        #expect(link.takeLog() == ["reached purchased", "reached cached"], "nothing sent after the crash")
        #expect(try PendingOrderCache.read(path: cachePath).orders.map(\.transactionId) == [Self.tx])
    }

    @Test func launchReverifiesCachedOrdersAndMergesTheRedeliveredTransaction() throws {
        // First life: the app dies right after caching the order.
        do {
            link.crashAt = .cached
            let first = try service(.verifyThenFinish)
            _ = try first.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
            #expect(throws: AppCrash.self) { try first.receive(.transactionUpdated(self.transaction(.purchased))) }
            link.crashAt = nil
            _ = link.takeLog()
        }
        // Second life.
        let service = try service(.verifyThenFinish)
        service.launch()
        #expect(link.takeLog() == ["verify \(Self.tx) cache=[\(Self.tx)]", "observe", "other request products (6 identifiers)",
                                   "verify  cache=[\(Self.tx)]"], "the last is the check of the receipt kept before the crash")
        #expect(service.takeRecoveryReport() == nil, "no outcome yet")

        try service.receive(.transactionUpdated(transaction(.purchased)))
        #expect(link.takeLog().isEmpty, "the same transaction id is verified once")

        try service.receive(answer(.credited))
        #expect(link.takeLog() == ["reached verified", "finish \(Self.tx) cache=[\(Self.tx)]", "reached finished"])
        #expect(try PendingOrderCache.read(path: cachePath).orders.isEmpty)

        let report = try #require(service.takeRecoveryReport())
        #expect(report.items.count == 1)
        #expect(report.items.first?.transactionId == Self.tx)
        #expect(report.items.first?.productId == Self.coins)
        #expect(report.items.first?.source == .both)
        #expect(report.items.first?.outcome == .creditedNow)
        #expect(service.takeRecoveryReport() == nil, "the report is handed out once")
    }

    @Test func aTransactionSettledThisSessionIsOnlyFinishedWhenRedelivered() throws {
        let service = try service(.verifyThenFinish)
        _ = try service.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
        try service.receive(.transactionUpdated(transaction(.purchased)))
        try service.receive(answer(.credited))
        _ = link.takeLog()
        try service.receive(.transactionUpdated(transaction(.purchased)))
        #expect(link.takeLog() == ["finish \(Self.tx) cache=[]"])
    }

    @Test func recoveryReportListsEveryFoundPurchaseOnceAllHaveAnswers() throws {
        let credited: TransactionID = 1_000_000_000_000_000_001, duplicate: TransactionID = 1_000_000_000_000_000_002
        let pending: TransactionID = 1_000_000_000_000_000_003, rejected: TransactionID = 1_000_000_000_000_000_004
        do {
            let cache = try PendingOrderCache(path: cachePath)
            for id in [credited, duplicate, pending] {
                try cache.save(PendingOrder(transactionId: id, productId: Self.coins,
                                            serverProductId: "coins_100", receipt: "receipt-\(id)"))
            }
        }
        let service = try service(.verifyThenFinish)
        service.launch()
        // The Store redelivers a purchase the cache never saw.
        try service.receive(.transactionUpdated(transaction(.purchased, id: rejected, productId: "com.storesim.pro")))
        #expect(link.takeSent().filter { if case .verifyPurchase = $0 { true } else { false } }.count == 4)

        try service.receive(answer(.credited, id: credited))
        try service.receive(answer(.alreadyCredited, id: duplicate))
        try service.receive(answer(.rejected(.notAuthenticated), id: rejected))
        #expect(service.takeRecoveryReport() == nil, "one purchase still has no outcome")
        try service.receive(.verificationFailed(VerificationFailure(transactionId: pending, reason: .request(.serverDown))))

        let report = try #require(service.takeRecoveryReport())
        #expect(report.items.map(\.transactionId) == [credited, duplicate, pending, rejected])
        #expect(report.items.map(\.source) == [.cache, .cache, .cache, .queue])
        #expect(report.items.map(\.outcome) == [
            .creditedNow, .alreadyCredited, .stillPending(.noAnswer(.request(.serverDown))),
            .rejected(.rejected(.notAuthenticated)),
        ])
        #expect(try PendingOrderCache.read(path: cachePath).orders.map(\.transactionId) == [pending],
                "only the unanswered order stays cached")
    }

    @Test func launchWithNothingToRecoverAddsTheObserverAndLoadsProducts() throws {
        let service = try service(.verifyThenFinish)
        service.launch()
        #expect(link.takeLog() == ["observe", "other request products (6 identifiers)"])
        #expect(service.takeRecoveryReport() == nil)
    }
}
