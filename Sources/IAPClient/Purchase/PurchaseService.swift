import IAPCore
import Signing

/// The app under demonstration: buys through StoreKit (1 or 2), verifies with its Server,
/// finishes transactions and keeps its pending-order cache, as its strategy says.
public final class PurchaseService {
    public let catalog: Catalog
    public var strategy: Strategy
    /// The App Store account the device is signed into, sent with every verification.
    public var account: String?
    public let cache: PendingOrderCache
    public let receipt: AppReceipt
    /// Called before the app writes one of its files (the cache, the receipt): the world writes
    /// the events it holds first, so that a kill never leaves a change the timeline lacks.
    public var willWrite: (() -> Void)? {
        didSet { cache.willWrite = willWrite }
    }
    /// The world the app lives in; it owns the app, so the app must not keep it alive.
    unowned let link: Link
    /// The store's client library the app is written against (`PurchaseService+Channel`).
    var storeKit: any StoreKitChannel

    /// The identifiers the Store reported it does not sell.
    public private(set) var invalidProductIds: Set<String> = []
    /// Why the last product request failed, when it did: nothing can be bought until a launch
    /// loads the products again.
    public private(set) var productsUnavailable: StoreFailure?
    var inProgress: Set<String> = []
    /// What the app shows the user owns (StoreKit 2): `Transaction.currentEntitlements` read at
    /// launch, then kept by `Transaction.updates` (a purchase adds, a revocation removes).
    public internal(set) var entitled: Set<String> = []
    /// Whether the app has read `Transaction.currentEntitlements` since it launched.
    public private(set) var entitlementsRead = false
    /// Products whose purchase the Store will complete later: an Ask to Buy waiting for a parent,
    /// an interrupted purchase waiting for the user to resolve it.
    private var awaitingTheStore: Set<String> = []
    var verifying: [TransactionID: Verification] = [:]
    private var settledThisSession: Set<TransactionID> = []
    var recovery: [RecoveryReport.Item] = []
    /// Where each transaction's item is in `recovery`: an answer finds its item in one step.
    var recoveryIndex: [TransactionID: Int] = [:]

    /// An app on StoreKit `api`, or on Google Play's Billing Library when `store` is Play;
    /// under StoreKit 2 its StoreKit trusts `trustedRoot`, the App Store's root certificate.
    public init(catalog: Catalog, strategy: Strategy, cache: PendingOrderCache, receipt: AppReceipt, link: Link,
                api: StoreKitAPI = .storekit1, trustedRoot: Certificate? = nil, store: StoreKind = .appStore) {
        self.catalog = catalog
        self.strategy = strategy
        self.cache = cache
        self.receipt = receipt
        self.link = link
        storeKit = store == .play ? PlayBillingChannel(catalog: catalog, api: api) : Self.channel(api, trustedRoot: trustedRoot)
    }

    // MARK: User actions

    /// Launch recovery: re-verify every cached order, then ask StoreKit for the transactions
    /// (the Store redelivers every unfinished one); then load the products for sale, and
    /// (StoreKit 1) ask the Server to re-check the current receipt (expiries and refunds the app missed).
    /// Under StoreKit 1, two or more orders cached with receipts are verified together, with one
    /// request carrying the app receipt (`recoverByAppReceipt`).
    public func launch() {
        let appReceipt = storeKit.readsAppReceipt ? receipt.read() : nil
        let entries = cache.entries
        let byReceipt = entries.filter { !$0.isSigned }
        // The cache holds each transaction once: an order cached with a receipt is in `byReceipt`.
        let batched = appReceipt != nil && byReceipt.count >= 2
        // Room made once for what a launch with many pending orders adds one order at a time.
        verifying.reserveCapacity(verifying.count + entries.count)
        recovery.reserveCapacity(recovery.count + entries.count)
        recoveryIndex.reserveCapacity(recoveryIndex.count + entries.count)
        for entry in entries {
            let id = entry.transactionId
            let together = batched && !entry.isSigned
            guard together || send(verifyingCached: id) else { continue }
            verifying[id] = Verification(productId: entry.productId, cached: true, needsFinish: appFinishes, byAppReceipt: together)
            recovering(.init(transactionId: id, productId: entry.productId, source: .cache))
        }
        if let appReceipt, batched {
            recoverByAppReceipt(appReceipt, orders: byReceipt.map(\.transactionId))
        }
        link.send(storeKit.listen)
        if let request = storeKit.entitlementsRequest { link.send(request) }
        if let request = storeKit.productsRequest(catalog.products.map(\.id)) { link.send(request) }
        if storeKit.checksReceiptAtLaunch, let current = receipt.read() {
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
    public func buy(productId: String, answer: SheetAnswer, canMakePayments: Bool,
                    offer: OfferRedemption? = nil) throws(AppCrash) -> BuyRefusal? {
        guard canMakePayments else { return .paymentsNotAllowed }
        guard catalog.product(id: productId) != nil, !invalidProductIds.contains(productId) else {
            return .unknownProduct(productId)
        }
        if let reason = productsUnavailable { return .productsUnavailable(reason) }
        guard !inProgress.contains(productId) else { return .alreadyInProgress(productId) }
        inProgress.insert(productId)
        // StoreKit 2 ties the purchase to the app's user with appAccountToken.
        let token = storeKit.tiesPurchasesToAccount ? account.map(AppAccountToken.of(user:)) : nil
        link.send(storeKit.purchase(PaymentRequest(productId: productId, answer: answer, offer: offer, appAccountToken: token)))
        try link.reached(.paymentSent)
        return nil
    }

    /// The user taps Restore Purchases. Without a receipt (after a reinstall) a StoreKit 1 app
    /// refreshes it first, as the Swift seed does.
    public func restore() {
        link.send(storeKit.restore(hasReceipt: receipt.read() != nil))
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
        case .verificationAnswered(let answer):
            try verificationAnswered(answer)
        case .recoveryAnswered(let answers):
            for answer in answers { try verificationAnswered(answer) }
        case .verificationFailed(let failure):
            verificationFailed(failure)
        case .offerSigned(let signed):
            try offerSigned(signed)
        case .subscriptionStatusFailed(let reason): subscriptionStatusFailed(reason)
        default:
            if let current = storeKit.entitlements(message) {
                showEntitlements(current)
                entitlementsRead = true
            } else if let statuses = storeKit.subscriptionStatuses(message) {
                showAccess(statuses)
            } else {
                for delivered in storeKit.delivered(message) { try transactionUpdated(delivered) }
            }
        }
    }

    private func transactionUpdated(_ transaction: DeliveredTransaction) throws(AppCrash) {
        guard storeKitDelivers(transaction) else { return }
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
            if transaction.waitsToBeFinished, let id = transaction.id {
                storeKit.finish(id).map(link.send)
            }
        case .purchased, .restored:
            guard let id = transaction.id else { return }
            try purchased(transaction, id: id)
        }
    }

    private func purchased(_ transaction: DeliveredTransaction, id: TransactionID) throws(AppCrash) {
        let live = inProgress.remove(transaction.productId) != nil
            || awaitingTheStore.remove(transaction.productId) != nil
            || transaction.state == .restored
        if settledThisSession.contains(id) {
            // Under server-finishes the Server's call finishes it; one that was lost is made
            // again when the next launch finds the transaction in the queue and asks again.
            if appFinishes { storeKit.finish(id).map(link.send) }
            return
        }
        if verifying[id] != nil {
            if let index = recoveryIndex[id] {
                recovery[index].source = .both
            }
            verifying[id]?.queueProof = transaction.proof
            return
        }
        let renewal = transaction.state == .purchased && transaction.renews && !live
        if !live && !renewal {
            recovering(.init(transactionId: id, productId: transaction.productId, source: .queue))
        }
        try link.reached(.purchased)
        guard let proof = transaction.proof else { return }
        if case .receipt(let signed) = proof { keep(signed) }
        let order = PendingOrder(
            transactionId: id, productId: transaction.productId,
            serverProductId: catalog.product(id: transaction.productId)?.serverProductId, proof: proof)
        if strategy.finishesAtOnce {
            storeKit.finish(id).map(link.send)
            try link.reached(.finished)
        }
        var cached = false
        if strategy.usesCache {
            cached = saveToCache(order)
            guard cached else {
                link.note(.app(.stoppedBeforeFinishing(productId: transaction.productId)), from: .app, to: nil, transactionId: id)
                return
            }
            try link.reached(.cached)
        }
        verifying[id] = Verification(productId: transaction.productId, cached: cached,
                                     needsFinish: appFinishes && !strategy.finishesAtOnce)
        link.send(verifyMessage(for: order, purpose: renewal ? .renewal : .purchase))
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
            setOutcome(.stillPending(.receiptStatus(status)), for: id)
            return
        case .rejected(let status):
            setAsideOrRetry(id, verification: verification, reason: .rejected(status))
            return
        case .refused(let refusal):
            setAsideOrRetry(id, verification: verification, reason: .refused(refusal))
            return
        case .unverified(let status, let reason):
            setAsideOrRetry(id, verification: verification, reason: .unverified(status, reason: reason))
            return
        case .receiptChecked:
            return
        case .notProven(let reason):
            if verification.byAppReceipt {
                fallBack(id, verification: verification, reason: reason)
            } else {
                setOutcome(.stillPending(.notProven(reason)), for: id)
            }
            return
        }
        if verification.needsFinish {
            storeKit.finish(id).map(link.send)
            try link.reached(.finished)
        }
        if verification.cached {
            removeFromCache(id)
        }
    }

    /// A proof that can never be accepted: when the Store's queue brought the transaction with
    /// another proof than the cached one, the cached order is set aside and the queue's proof
    /// verified instead; otherwise the order is set aside with its reason, not retried forever.
    /// Either way the transaction is left in the queue, where a genuine one comes back with its
    /// own proof.
    private func setAsideOrRetry(_ id: TransactionID, verification: Verification, reason: SetAsideReason) {
        if let queueProof = verification.queueProof, let order = cachedOrder(id),
           order.proof != queueProof {
            setAside(order, reason: reason)
            let fresh = PendingOrder(transactionId: order.transactionId, productId: order.productId,
                                     serverProductId: order.serverProductId, proof: queueProof)
            verifying[id] = Verification(productId: fresh.productId, cached: false, needsFinish: appFinishes)
            link.send(verifyMessage(for: fresh))
            return
        }
        setOutcome(.rejected(reason), for: id)
        if verification.cached, let order = cachedOrder(id) {
            setAside(order, reason: reason)
        }
    }

    private func verificationFailed(_ failure: VerificationFailure) {
        guard let id = failure.transactionId, verifying.removeValue(forKey: id) != nil else { return }
        setOutcome(.stillPending(.noAnswer(failure.reason)), for: id)
    }
}
