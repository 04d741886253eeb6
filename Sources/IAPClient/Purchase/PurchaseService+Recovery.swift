import IAPCore

/// Launch recovery by the app receipt: one verification for every order cached with a receipt,
/// the fallback to an order's own cached receipt, and the report of what the launch recovered.
extension PurchaseService {
    /// Asks the Server to verify every order in `orders` with one `verifyReceipt` of the app
    /// receipt, the newest receipt the Store handed out: it lists every unfinished consumable and
    /// every lasting purchase, so one check proves them all (where each order's cached receipt
    /// would be checked alone, each as long as the purchases unfinished when it was made). The
    /// Server answers each order on its own; one the app receipt does not prove is verified with
    /// its cached receipt (`fallBack`).
    func recoverByAppReceipt(_ appReceipt: String, orders: [TransactionID]) {
        link.send(.verifyPurchase(VerificationRequest(transactionId: nil, productId: "", serverProductId: nil, receipt: appReceipt,
                                                      purpose: .recovery, account: account, orders: orders,
                                                      serverFinishes: strategy.serverFinishes)))
    }

    /// Sends the verification of a cached order with its own proof; false when the cache could
    /// not give the order (its record was found damaged and set aside).
    func send(verifyingCached id: TransactionID) -> Bool {
        guard let order = cachedOrder(id) else { return false }
        link.send(verifyMessage(for: order))
        return true
    }

    /// The cached order with its proof; damage found on reading it is noted as the cache's warning.
    func cachedOrder(_ id: TransactionID) -> PendingOrder? {
        let order = cache.order(transactionId: id)
        for warning in cache.takeLateWarnings() {
            link.note(.cache(warning), from: .cache, to: .app, transactionId: id)
        }
        return order
    }

    /// The app receipt did not prove an order of the recovery: its own cached receipt is verified
    /// alone, as a launch with one order does; when the cache can no longer give it, the proof
    /// the Store's queue redelivered is, and failing that the order waits for the next launch.
    func fallBack(_ id: TransactionID, verification: Verification, reason: NotProvenReason) {
        if let order = cachedOrder(id) {
            verifying[id] = Verification(productId: order.productId, cached: true, needsFinish: appFinishes,
                                         queueProof: verification.queueProof)
            link.send(verifyMessage(for: order))
        } else if let queueProof = verification.queueProof {
            let order = PendingOrder(transactionId: id, productId: verification.productId,
                                     serverProductId: catalog.product(id: verification.productId)?.serverProductId, proof: queueProof)
            verifying[id] = Verification(productId: order.productId, cached: false, needsFinish: appFinishes)
            link.send(verifyMessage(for: order))
        } else {
            setOutcome(.stillPending(.notProvenAndDamaged(reason)), for: id)
        }
    }

    /// Whether launch recovery is still waiting for an answer about something it found.
    public var isRecovering: Bool {
        recovery.contains { $0.outcome == nil }
    }

    /// The recovery report, once every purchase the launch found has an outcome.
    public func takeRecoveryReport() -> RecoveryReport? {
        guard !recovery.isEmpty, recovery.allSatisfy({ $0.outcome != nil }) else { return nil }
        defer {
            recovery = []
            recoveryIndex = [:]
        }
        return RecoveryReport(items: recovery)
    }

    /// Adds what the launch found to its recovery; an answer about it finds it by its id. A
    /// purchase found again (the Store's queue redelivering one whose first verification got no
    /// answer, and which is verified again) stays one item, found in both places.
    func recovering(_ item: RecoveryReport.Item) {
        if let index = recoveryIndex[item.transactionId] {
            if recovery[index].source != item.source { recovery[index].source = .both }
            return
        }
        recoveryIndex[item.transactionId] = recovery.count
        recovery.append(item)
    }

    func setOutcome(_ outcome: RecoveryReport.Outcome, for transactionId: TransactionID) {
        if let index = recoveryIndex[transactionId] {
            recovery[index].outcome = outcome
        }
    }
}
