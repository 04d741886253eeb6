import IAPCore
import WorldCore

/// A paid purchase nothing can recover, in plain words: which steps of its flow ran and which
/// never did, why nothing can bring it back, and what would have saved it.
public struct LossFinding: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    /// The strategy the loss is told under: the one that finished the purchase, when it is one
    /// that finishes at once (the only kind that loses a purchase so); nil when it is not known.
    public let strategy: Strategy?
    /// The steps of the flow that ran, in the flow's order.
    public let ran: [CrashPoint]
    /// The steps of the flow that never ran.
    public let neverRan: [CrashPoint]
    /// Why nothing can bring it back (the matrix's cause).
    public let why: LossCause

    /// A lost purchase of the audit: paid, uncredited, in no cache and not in the Store's queue.
    /// A renewal (`renewal`) was charged by the store on its own, and nothing else of the flow ran.
    public init(transactionId: TransactionID, productId: String, finished: Bool, strategy: Strategy?, renewal: Bool = false) {
        self.transactionId = transactionId
        self.productId = productId
        guard !renewal else {
            self.strategy = nil
            ran = [.paymentSent]
            neverRan = [.serverCommitted, .verified]
            why = .renewalUnheard
            return
        }
        let told = strategy.flatMap { $0.finishesAtOnce ? $0 : nil }
        self.strategy = told
        // With the strategy unknown, the facts alone: every step a flow can have, and the
        // sentence for a purchase finished with no cache entry behind it.
        let flow = told.map(StrategyFlow.points) ?? StrategyFlow.points(.finishThenCache)
        let done: Set<CrashPoint> = finished ? [.paymentSent, .purchased, .finished] : [.paymentSent, .purchased]
        ran = flow.filter(done.contains)
        neverRan = flow.filter { !done.contains($0) }
        why = LossCause(strategy: told ?? .finishFirst, trial: .crash(.finished))
    }
}
