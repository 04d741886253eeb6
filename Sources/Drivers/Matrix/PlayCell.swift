import IAPClient
import IAPCore
import ReadSide
import WorldCore

/// One Google Play cell of the matrix: the trial run in a world that sells on Google Play, its
/// outcome read from the audit in the matrix's words (with `auto-refunded`), and why, in Google's.
enum PlayCell {
    /// Runs the cell in a fresh Play world and reads it.
    static func run(strategy: Strategy, trial: MatrixCell.Trial, catalog: Catalog, unsafeCache: Bool) throws(WorldError) -> MatrixCell {
        guard let run = try StrategyMatrix.perform(strategy: strategy, trial: trial, api: .storekit1, catalog: catalog,
                                                   unsafeCache: unsafeCache, store: .play) else {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .notApplicable, why: notReached(strategy, trial))
        }
        let audit = run.audit
        if audit.lost > 0 {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .lost, why: LossCause(strategy: strategy, trial: trial).english(on: .play))
        }
        if audit.doubleCredited > 0 {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .double, why: "the Server credited the same purchase token twice")
        }
        if let refund = audit.play?.autoRefunds.first {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .autoRefunded,
                              why: autoRefundWhy(refund.transactionId, snapshot: run.snapshot))
        }
        return MatrixCell(strategy: strategy, trial: trial, outcome: .recovered,
                          why: recoveredWhy(strategy: strategy, trial: trial, audit: audit, report: run.report))
    }

    /// Why a Play cell is n/a: the flow never reaches the point; under server-acknowledges the app
    /// never acknowledges; with notifications the Server credits before the app's verify can.
    static func notReached(_ strategy: Strategy, _ trial: MatrixCell.Trial) -> String {
        if trial == .abandoned(.serverCommitted, notified: true) {
            return "the notification credited it first: the app's verify found it already credited, and no new credit passed server-committed"
        }
        if strategy.serverFinishes && trial.name == CrashPoint.finished.rawValue {
            return "the app never acknowledges under this strategy: the Server consumes or acknowledges the purchase after crediting it"
        }
        return "this strategy's flow never reaches \(trial.name(on: .play))"
    }

    /// Why Google Play refunded it: nobody acknowledged it within three days; with notifications the
    /// Server had credited it, and took the credit back when Play voided it.
    private static func autoRefundWhy(_ id: TransactionID, snapshot: WorldSnapshot) -> String {
        let ledger = snapshot.ledger
        let rule = "nobody acknowledged it within three days: Google Play refunded and revoked it (voidedReason 8 Unacknowledged_purchase)"
        guard ledger.credits.contains(where: { $0.transactionId == id }) else {
            return "the app was closed and never verified it; " + rule
        }
        return "the Server credited it, but under this strategy only the app acknowledges and it was closed; " + rule
            + (ledger.takenBack.contains(id) ? ", and the Server took the credit back"
                : "; the Server keeps the credit until it asks the Voided Purchases API (server voided)")
    }

    /// How the purchase came to be credited once: before the crash, by the launch, or by the
    /// Server from a real-time developer notification.
    private static func recoveredWhy(strategy: Strategy, trial: MatrixCell.Trial, audit: Audit, report: RecoveryReport?) -> String {
        let consumes = strategy.serverFinishes ? ", and the Server consumed it" : ""
        guard let item = report?.items.first else {
            if audit.credited == 0 { return "nothing was paid" }
            if case .abandoned(let point, true) = trial, !creditedBefore(strategy, point) {
                return "the Server credited it from the real-time developer notification, without the app" + consumes
            }
            return "credited before the crash; nothing left to recover" + consumes
        }
        let found = switch item.source {
        case .cache: "found in the app's cache"
        case .queue: "returned by queryPurchasesAsync"
        case .both: "found in the app's cache (queryPurchasesAsync returned it too)"
        }
        switch item.outcome {
        case .creditedNow: return "\(found) and credited on the relaunch" + consumes
        case .alreadyCredited: return "credited before the relaunch; \(found), the Server answered that the token was used already" + consumes
        case .stillPending(let reason): return "\(found), still pending: \(reason.english)"
        case .rejected(let reason): return "\(found), rejected: \(reason.english)"
        case nil: return "\(found), no answer yet"
        }
    }

    /// Whether the Server had credited the purchase by the time the app crashed at `point`.
    private static func creditedBefore(_ strategy: Strategy, _ point: CrashPoint) -> Bool {
        let flow = StrategyFlow.points(strategy)
        guard let index = flow.firstIndex(of: point) else { return false }
        return flow[...index].contains(.serverCommitted)
    }
}
