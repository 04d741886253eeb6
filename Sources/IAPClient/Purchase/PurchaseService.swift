import IAPCore

/// The app under demonstration: buys through the Store's payment queue, verifies with its
/// Server, finishes transactions and keeps its pending-order cache, as its strategy says.
public final class PurchaseService {
    public let catalog: Catalog
    public var strategy: Strategy
    /// The App Store account the device is signed into, sent with every verification.
    public var account: String?
    public let cache: PendingOrderCache
    public let receipt: AppReceipt
    /// The world the app lives in; it owns the app, so the app must not keep it alive.
    private unowned let link: Link

    /// The identifiers the Store reported it does not sell.
    public private(set) var invalidProductIds: Set<String> = []
    /// Why the last product request failed, when it did: nothing can be bought until a launch
    /// loads the products again.
    public private(set) var productsUnavailable: String?
    private var inProgress: Set<String> = []
    /// Products whose purchase the Store will complete later: an Ask to Buy waiting for a parent,
    /// an interrupted purchase waiting for the user to resolve it.
    private var awaitingTheStore: Set<String> = []
    private var verifying: [TransactionID: Verification] = [:]
    private var settledThisSession: Set<TransactionID> = []
    private var recovery: [RecoveryReport.Item] = []

    public init(catalog: Catalog, strategy: Strategy, cache: PendingOrderCache, receipt: AppReceipt, link: Link) {
        self.catalog = catalog
        self.strategy = strategy
        self.cache = cache
        self.receipt = receipt
        self.link = link
    }

    // MARK: User actions

    /// Launch recovery: re-verify every cached order, then add the transaction observer so the
    /// Store redelivers every unfinished transaction; then load the products for sale, and ask
    /// the Server to re-check the current receipt (expiries and refunds the app missed).
    public func launch() {
        for order in cache.orders {
            verifying[order.transactionId] = Verification(productId: order.productId, cached: true, needsFinish: true)
            recovery.append(.init(transactionId: order.transactionId, productId: order.productId, source: .cache))
            link.send(.verifyPurchase(request(for: order)))
        }
        link.send(.addTransactionObserver)
        link.send(.requestProducts(identifiers: catalog.products.map(\.id)))
        if let current = receipt.read() {
            checkReceipt(current)
        }
    }

    /// Asks the Server to check a receipt as a whole: expiries and refunds the app missed, and
    /// non-renewing subscriptions it proves.
    private func checkReceipt(_ current: String) {
        link.send(.verifyPurchase(VerificationRequest(transactionId: nil, productId: "", serverProductId: nil,
                                                      receipt: current, purpose: .receiptCheck, account: account)))
    }

    /// The user taps Buy.
    public func buy(productId: String, answer: SheetAnswer, canMakePayments: Bool) throws(AppCrash) -> BuyRefusal? {
        guard canMakePayments else { return .paymentsNotAllowed }
        guard catalog.product(id: productId) != nil, !invalidProductIds.contains(productId) else {
            return .unknownProduct(productId)
        }
        if let reason = productsUnavailable { return .productsUnavailable(reason) }
        guard !inProgress.contains(productId) else { return .alreadyInProgress(productId) }
        inProgress.insert(productId)
        link.send(.addPayment(PaymentRequest(productId: productId, answer: answer)))
        try link.reached(.paymentSent)
        return nil
    }

    /// The user taps Restore Purchases. Without a receipt (after a reinstall) the app refreshes
    /// it first, as the Swift seed does.
    public func restore() {
        link.send(receipt.read() == nil ? .refreshReceipt : .restoreCompletedTransactions)
    }

    /// Whether launch recovery is still waiting for an answer about something it found.
    public var isRecovering: Bool {
        recovery.contains { $0.outcome == nil }
    }

    /// The recovery report, once every purchase the launch found has an outcome.
    public func takeRecoveryReport() -> RecoveryReport? {
        guard !recovery.isEmpty, recovery.allSatisfy({ $0.outcome != nil }) else { return nil }
        defer { recovery = [] }
        return RecoveryReport(items: recovery)
    }

    // MARK: Messages

    /// Handles one message addressed to the app.
    public func receive(_ message: Message) throws(AppCrash) {
        switch message {
        case .productsResponse(let response):
            invalidProductIds = Set(response.invalid)
            productsUnavailable = nil
        case .productsRequestFailed(let reason):
            productsUnavailable = reason
        case .receiptRefreshed(let refreshed):
            // Non-renewing subscriptions are not restored by the Store: the refreshed receipt proves them.
            keep(refreshed)
            checkReceipt(refreshed)
            link.send(.restoreCompletedTransactions)
        case .transactionUpdated(let transaction):
            try transactionUpdated(transaction)
        case .verificationAnswered(let answer):
            try verificationAnswered(answer)
        case .verificationFailed(let failure):
            verificationFailed(failure)
        default:
            break
        }
    }

    private func transactionUpdated(_ transaction: StoreTransaction) throws(AppCrash) {
        switch transaction.state {
        case .purchasing:
            break
        case .deferred:
            inProgress.remove(transaction.productId)
            awaitingTheStore.insert(transaction.productId)
        case .failed:
            inProgress.remove(transaction.productId)
            if transaction.error == .interrupted {
                awaitingTheStore.insert(transaction.productId)
            } else {
                awaitingTheStore.remove(transaction.productId)
            }
            link.send(.finishTransaction(transactionId: transaction.id))
        case .purchased, .restored:
            try purchased(transaction)
        }
    }

    private func purchased(_ transaction: StoreTransaction) throws(AppCrash) {
        let live = inProgress.remove(transaction.productId) != nil
            || awaitingTheStore.remove(transaction.productId) != nil
            || transaction.state == .restored
        if settledThisSession.contains(transaction.id) {
            link.send(.finishTransaction(transactionId: transaction.id))
            return
        }
        if verifying[transaction.id] != nil {
            if let index = recovery.firstIndex(where: { $0.transactionId == transaction.id }) {
                recovery[index].source = .both
            }
            verifying[transaction.id]?.queueReceipt = transaction.receipt
            return
        }
        let renewal = transaction.state == .purchased && transaction.originalId != transaction.id
        if !live && !renewal {
            recovery.append(.init(transactionId: transaction.id, productId: transaction.productId, source: .queue))
        }
        try link.reached(.purchased)
        guard let signed = transaction.receipt else { return }
        keep(signed)
        let order = PendingOrder(
            transactionId: transaction.id, productId: transaction.productId,
            serverProductId: catalog.product(id: transaction.productId)?.serverProductId, receipt: signed)
        if strategy.finishesAtOnce {
            link.send(.finishTransaction(transactionId: transaction.id))
            try link.reached(.finished)
        }
        var cached = false
        if strategy.usesCache {
            cached = saveToCache(order)
            guard cached else {
                link.note("purchase of \(transaction.productId) stopped before anything was finished; the Store's queue keeps it for the next launch",
                          from: .app, to: nil, transactionId: transaction.id)
                return
            }
            try link.reached(.cached)
        }
        verifying[transaction.id] = Verification(productId: transaction.productId, cached: cached,
                                                 needsFinish: !strategy.finishesAtOnce)
        link.send(.verifyPurchase(request(for: order, purpose: renewal ? .renewal : .purchase)))
    }

    private func verificationAnswered(_ answer: VerificationAnswer) throws(AppCrash) {
        guard let id = answer.transactionId, let verification = verifying.removeValue(forKey: id) else { return }
        try link.reached(.verified)
        switch answer.outcome {
        case .credited, .alreadyCredited:
            settledThisSession.insert(id)
            setOutcome(answer.outcome == .credited ? .creditedNow : .alreadyCredited, for: id)
        case .rejected(let status) where !status.condemnsTheReceipt:
            // Apple: "try again". The receipt may be genuine: the order stays in the cache and the
            // transaction unfinished, and the next launch asks again.
            setOutcome(.stillPending("status \(status.rawValue): \(status.meaning)"), for: id)
            return
        case .rejected(let status):
            setAsideOrRetry(id, verification: verification, reason: "\(status.rawValue) \(status.meaning)")
            return
        case .refused(let refusal):
            setAsideOrRetry(id, verification: verification, reason: "refused by the Server: \(refusal.meaning)")
            return
        case .receiptChecked:
            return
        }
        if verification.needsFinish {
            link.send(.finishTransaction(transactionId: id))
            try link.reached(.finished)
        }
        if verification.cached {
            removeFromCache(id)
        }
    }

    /// A receipt that can never be accepted: when the Store's queue brought the transaction with
    /// another receipt, the cached order is set aside and the queue's receipt verified instead;
    /// otherwise the order is set aside with its reason, not retried forever. Either way the
    /// transaction is left in the queue, where a genuine one comes back with its own receipt.
    private func setAsideOrRetry(_ id: TransactionID, verification: Verification, reason: String) {
        if let queueReceipt = verification.queueReceipt, let order = cache.order(transactionId: id),
           order.receipt != queueReceipt {
            setAside(order, reason: reason)
            let fresh = PendingOrder(transactionId: order.transactionId, productId: order.productId,
                                     serverProductId: order.serverProductId, receipt: queueReceipt)
            verifying[id] = Verification(productId: fresh.productId, cached: false, needsFinish: true)
            link.send(.verifyPurchase(request(for: fresh)))
            return
        }
        setOutcome(.rejected(reason), for: id)
        if verification.cached, let order = cache.order(transactionId: id) {
            setAside(order, reason: reason)
        }
    }

    private func verificationFailed(_ failure: VerificationFailure) {
        guard let id = failure.transactionId, verifying.removeValue(forKey: id) != nil else { return }
        setOutcome(.stillPending(failure.reason), for: id)
    }

    // MARK: Helpers

    private func request(for order: PendingOrder, purpose: VerificationRequest.Purpose = .purchase) -> VerificationRequest {
        VerificationRequest(transactionId: order.transactionId, productId: order.productId,
                            serverProductId: order.serverProductId, receipt: order.receipt, purpose: purpose, account: account)
    }

    /// Keeps the newest receipt; a receipt the app cannot keep only costs a refresh later.
    private func keep(_ signed: String) {
        do {
            try receipt.save(signed)
        } catch {
            link.note("could not keep the receipt: \(error)", from: .app, to: nil, transactionId: nil)
        }
    }

    private func setOutcome(_ outcome: RecoveryReport.Outcome, for transactionId: TransactionID) {
        if let index = recovery.firstIndex(where: { $0.transactionId == transactionId }) {
            recovery[index].outcome = outcome
        }
    }

    private func saveToCache(_ order: PendingOrder) -> Bool {
        do {
            try cache.save(order)
            link.note("save pending order tx \(order.transactionId)", from: .app, to: .cache,
                      transactionId: order.transactionId)
            return true
        } catch {
            link.note("could not save pending order: \(error)", from: .app, to: .cache,
                      transactionId: order.transactionId)
            return false
        }
    }

    /// Moves a rejected order out of the cache, with its reason, so it is not retried forever.
    private func setAside(_ order: PendingOrder, reason: String) {
        do {
            try cache.setAside(order, reason: reason)
            link.note("set aside pending order tx \(order.transactionId): \(reason)",
                      from: .app, to: .cache, transactionId: order.transactionId)
        } catch {
            link.note("could not set aside pending order: \(error)", from: .app, to: .cache, transactionId: order.transactionId)
        }
    }

    private func removeFromCache(_ transactionId: TransactionID) {
        do {
            try cache.remove(transactionId: transactionId)
            link.note("remove pending order tx \(transactionId)", from: .app, to: .cache, transactionId: transactionId)
        } catch {
            link.note("could not remove pending order: \(error)", from: .app, to: .cache, transactionId: transactionId)
        }
    }
}
