import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// The audit (docs/reference/json.md, "Audit"): was every paid transaction credited exactly once, or can it still be?
public struct Audit: Sendable {
    /// How a paid, uncredited purchase can still be reached by the app.
    public enum Route: String, Sendable {
        case cache = "in the app's pending-order cache"
        case queue = "unfinished in the Store's queue"
        case restore = "restorable from the Store"
        case notification = "a notification to the Server, retried or in the history"
        case transactionHistory = "in its customer's transaction history, which server history reconciles"
    }

    /// One paid transaction the audit has something to say about.
    public struct Finding: Sendable, Equatable {
        public let transactionId: TransactionID
        public let productId: String
        public let routes: [Route]
        /// Whether the transaction was finished with the Store: by the app, or by the Server's
        /// Finish Transaction (server-finishes), which only follows the Server's credit.
        public let finished: Bool
        /// Whether the transaction is a subscription's renewal.
        public var renewal = false
    }

    public let paid: Int
    public let credited: Int
    public let pending: Int
    public let unfinished: Int
    public let recoverable: Int
    public let lost: Int
    public let doubleCredited: Int
    public internal(set) var orphanCredits: Int
    public let refunded: Int
    /// Paid, unrefunded transactions that bought nothing new (`Overcharge`): the customer was
    /// charged twice for one thing.
    public internal(set) var overcharged: Int
    /// Currencies whose balance at the Server is not what its credits and the refunds it took
    /// back add up to (`BalanceMismatch`).
    public internal(set) var balanceMismatches: [BalanceMismatch]
    /// Notifications the Store has not yet had acknowledged and will still retry, or has given up
    /// while the Server still lacks them (its history can fetch them); nil when the Store never
    /// posted notifications.
    public internal(set) var notificationsPending: Int?
    /// Paid, uncredited transactions, with how each can still be recovered (none: lost).
    public let uncredited: [Finding]
    /// Paid transactions the Server credited more than once, with how many times.
    public let creditedTwice: [(transactionId: TransactionID, productId: String, times: Int)]
    /// Paid transactions that bought nothing new, with what already covered each.
    public internal(set) var overcharges: [Overcharge]
    /// Paid transactions the Store paid back more than they charged (a prorated refund and a
    /// refund together), with both figures. Apple, `Transaction.revocationPercentage`: "The
    /// percentage of the transaction amount that the App Store has refunded or revoked", whose
    /// "Valid values range from 0.0 to 100.0". Not part of `ok`, nor of the contract's JSON; chaos
    /// fails a run on it.
    public let overRefunds: [(transactionId: TransactionID, productId: String, charged: Decimal, paidBack: Decimal)]
    public var overRefunded: Int { overRefunds.count }
    /// Credits with no paid transaction behind them: none of that id, one of another product,
    /// or one refunded before the credit.
    public internal(set) var orphans: [Ledger.Credit]
    /// Paid transactions the Store refunded.
    private let refundedIds: Set<TransactionID>
    /// The product the Store's transaction paid for, where a credit of its id names another.
    private let paidForOther: [TransactionID: String]
    /// The outside server whose credits were judged in place of the built-in Server's (`server
    /// url`); nil with the built-in Server.
    public internal(set) var outsideServer: OutsideCredits?
    /// What a world that sells on Google Play adds (`autoRefunded`); nil on the App Store.
    public internal(set) var play: PlayAuditFigures?

    /// Nothing lost, credited twice or credited without a payment, nobody charged twice for one
    /// thing, and every balance what the credits and refunds add up to.
    public var ok: Bool {
        lost == 0 && doubleCredited == 0 && orphanCredits == 0 && overcharged == 0 && balanceMismatches.isEmpty
            && outsideServer?.problem == nil && (play?.autoRefunded ?? 0) == 0
    }

    /// Audits what the three parties hold. `history` is what `server history` can reconcile:
    /// nil when the Server verifies no signed transactions (no root pinned), else the
    /// `appAccountToken` of each subscription or purchase that has one, by original id.
    /// `offers` and `earlyEnds` (the Store's) say how long each subscription period ran, for
    /// `overcharged`.
    public init(transactions: [StoreRecord], ledger: Ledger, pendingOrders: [PendingOrder], catalog: Catalog,
                notifications: [PostedNotification]? = nil, history appAccountTokens: [TransactionID: String]? = nil,
                offers: [TransactionID: AppliedOffer] = [:], earlyEnds: [TransactionID: Date] = [:],
                refunds: RefundFigures = RefundFigures(), unrestorable: Set<TransactionID> = []) {
        let byId = Dictionary(transactions.map { ($0.id, $0) }) { first, _ in first }
        self.init(tally: AuditTally(records: transactions, credits: ledger.credits, catalog: catalog), record: { byId[$0] },
                  ledger: ledger, pendingOrders: pendingOrders, catalog: catalog, notifications: notifications,
                  history: appAccountTokens, offers: offers, earlyEnds: earlyEnds, refunds: refunds, unrestorable: unrestorable)
    }

    /// The audit of what `tally` counted, with `record` giving each transaction by id; the rest as
    /// `init(transactions:…)`. It goes through the transactions the tally names, not all of them.
    /// `unrestorable` names the purchases a restore no longer reaches though unrefunded (Google
    /// Play's expired or revoked subscriptions: "Only active subscriptions and non-consumed
    /// one-time purchases are returned").
    init(tally: AuditTally, record: @escaping (TransactionID) -> StoreRecord?, ledger: Ledger, pendingOrders: [PendingOrder],
         catalog: Catalog, notifications: [PostedNotification]?, history appAccountTokens: [TransactionID: String]?,
         offers: [TransactionID: AppliedOffer], earlyEnds: [TransactionID: Date], refunds: RefundFigures,
         unrestorable: Set<TransactionID> = []) {
        let unprocessed = notifications?.map(\.notification).filter { !ledger.notifications.contains($0.uuid) }
        let notified = Set((unprocessed ?? []).filter(\.type.charges).compactMap(\.transactionId))
        let askers = appAccountTokens.map { _ in Self.askers(tally.askedBy, record: record) }
        let cached = Set(pendingOrders.map(\.transactionId))
        let records = { (ids: Set<TransactionID>) in ids.sorted().compactMap(record) }
        var uncredited: [Finding] = []
        // A refunded purchase was paid back: it owes the user nothing.
        for record in records(tally.uncredited) {
            var routes: [Route] = []
            if cached.contains(record.id) { routes.append(.cache) }
            if record.isUnfinished { routes.append(.queue) }
            if let type = catalog.type(ofProduct: record.productId), !record.refunded,
               type != .consumable, !unrestorable.contains(record.id) {
                routes.append(.restore)
            }
            if notified.contains(record.id) { routes.append(.notification) }
            if let askers, let tokens = appAccountTokens,
               Self.reconcilable(record, askers: askers, appAccountTokens: tokens, catalog: catalog) {
                routes.append(.transactionHistory)
            }
            uncredited.append(Finding(transactionId: record.id, productId: record.productId, routes: routes,
                                      finished: record.finished, renewal: record.kind == .renewal))
        }
        paid = tally.paid
        credited = tally.credited
        pending = pendingOrders.count
        unfinished = tally.unfinished
        recoverable = uncredited.filter { !$0.routes.isEmpty }.count
        lost = uncredited.filter { $0.routes.isEmpty }.count
        creditedTwice = records(tally.creditedTwice).map { ($0.id, $0.productId, tally.creditPlaces[$0.id]?.count ?? 0) }
        orphans = tally.orphans.sorted().map { ledger.credits[$0] }
        let paidRecord = { (id: TransactionID) in record(id).flatMap { $0.charged && $0.kind != .restore ? $0 : nil } }
        paidForOther = Dictionary(orphans.compactMap { credit in
            paidRecord(credit.transactionId).flatMap { $0.productId == credit.productId ? nil : (credit.transactionId, $0.productId) }
        }) { first, _ in first }
        doubleCredited = creditedTwice.count
        orphanCredits = orphans.count
        refunded = tally.refunded
        overcharges = Overcharge.find(in: records(tally.owning), catalog: catalog, offers: offers, earlyEnds: earlyEnds)
        overcharged = overcharges.count
        balanceMismatches = BalanceMismatch.find(
            balances: ledger.balances, granted: tally.granted, creditPlaces: tally.creditPlaces, notifications: notifications,
            processed: ledger.notifications, record: record, catalog: catalog)
        let refundedOrOverPaid = Set(refunds.prorated.keys).union(refunds.refunded.keys)
        overRefunds = Self.overRefunds(records(refundedOrOverPaid).filter { $0.charged && $0.kind != .restore },
                                       catalog: catalog, offers: offers, refunds: refunds)
        // Not yet acknowledged, and either still retried by the Store or, given up, still to be
        // fetched by the Server's history: a reply lost on the way leaves one pending until a retry is acknowledged.
        notificationsPending = notifications?.count { posted in
            !posted.delivered && (posted.nextAttemptMillis != nil || !ledger.notifications.contains(posted.notification.uuid))
        }
        refundedIds = Set(orphans.compactMap { paidRecord($0.transactionId) }.filter(\.refunded).map(\.id))
        self.uncredited = uncredited
    }

    /// The paid transactions the Store paid back more than they charged, by `refunds`, with what
    /// each charged (by its offer, a kept price or the catalog's) and what it paid back.
    private static func overRefunds(_ paid: [StoreRecord], catalog: Catalog, offers: [TransactionID: AppliedOffer],
                                    refunds: RefundFigures) -> [(transactionId: TransactionID, productId: String, charged: Decimal, paidBack: Decimal)] {
        paid.compactMap { record in
            let offer = record.kind == .trial ? AppliedOffer(type: .introductory, id: nil) : offers[record.id]
            let charged = Store.chargedPrice(of: record, offer: offer, kept: refunds.kept[record.id], catalog: catalog)
            return refunds.paidBack(record, beyond: charged).map { (record.id, record.productId, charged, $0) }
        }
    }

    /// The Server's accounts that ask the Store for the transaction history of each App Store
    /// account: each asks by the latest transaction it credited (`askedBy`,
    /// `TransactionHistoryRule.askedBy`), and the Store answers with the history of the App Store
    /// account that made it.
    private static func askers(_ askedBy: [String: TransactionID], record: (TransactionID) -> StoreRecord?) -> [String: [String]] {
        var askers: [String: [String]] = [:]
        for (account, id) in askedBy {
            if let storeAccount = record(id)?.account { askers[storeAccount, default: []].append(account) }
        }
        return askers
    }

    /// Whether `server history` would credit `record` through Get Transaction History: the Store
    /// answers with every transaction of the App Store account (`StoreRecord.isInTransactionHistory`);
    /// the Server credits those `TransactionHistoryRule.credits` for the account that asked.
    private static func reconcilable(_ record: StoreRecord, askers: [String: [String]],
                                     appAccountTokens: [TransactionID: String], catalog: Catalog) -> Bool {
        record.isInTransactionHistory && (askers[record.account] ?? []).contains { account in
            TransactionHistoryRule.credits(productId: record.productId, revoked: record.refunded,
                                           appAccountToken: appAccountTokens[record.originalId], account: account, catalog: catalog)
        }
    }

    /// The audit as the contract's JSON object.
    public var json: JSONText {
        let counts: [(String, JSONText)] = [
            ("paid", .int(paid)), ("credited", .int(credited)), ("pending", .int(pending)),
            ("unfinished", .int(unfinished)), ("recoverable", .int(recoverable)), ("lost", .int(lost)),
            ("doubleCredited", .int(doubleCredited)), ("orphanCredits", .int(orphanCredits)),
            ("refunded", .int(refunded)),
        ]
        let autoRefunded: [(String, JSONText)] = play.map { [("autoRefunded", .int($0.autoRefunded))] } ?? []
        let pending: [(String, JSONText)] = notificationsPending.map { [("notificationsPending", .int($0))] } ?? []
        return .object(counts + autoRefunded + [("overcharged", .int(overcharged))] + pending
          + [("balanceMismatches", .int(balanceMismatches.count))]
          + (outsideServer.map { [("outsideServer", $0.json)] } ?? []) + [("ok", .bool(ok))])
    }

    /// The paid transactions nothing can recover, in plain words; `finishedEarly` is the strategy
    /// that finished each transaction the app finished before the Server credited it
    /// (`WorldSettings.finishedEarly`); a loss not in it is told by its facts alone.
    public func losses(finishedEarly: [TransactionID: Strategy]) -> [LossFinding] {
        uncredited.filter(\.routes.isEmpty).map { finding in
            LossFinding(transactionId: finding.transactionId, productId: finding.productId, finished: finding.finished,
                        strategy: finishedEarly[finding.transactionId], renewal: finding.renewal)
        }
    }

    /// The audit in words: the figures, then each uncredited transaction and how it can be
    /// recovered, or that it is lost and why (the loss report's sentences; `finishedEarly` as `losses`).
    public func lines(catalog: Catalog, finishedEarly: [TransactionID: Strategy] = [:]) -> [String] {
        var lines = (outsideServer.map { [$0.line] } ?? []) + [
            "paid \(paid)  credited \(credited)  pending \(pending)  unfinished \(unfinished)",
            "recoverable \(recoverable)  lost \(lost)  double-credited \(doubleCredited)  orphan credits \(orphanCredits)  refunded \(refunded)"
                + (play.map { "  auto-refunded \($0.autoRefunded)" } ?? "") + "  overcharged \(overcharged)"
                + (notificationsPending.map { "  notifications pending \($0)" } ?? "")
                + (balanceMismatches.isEmpty ? "" : "  balance mismatches \(balanceMismatches.count)"),
        ]
        let losses = losses(finishedEarly: finishedEarly)
        func title(_ productId: String) -> String {
            catalog.product(id: productId)?.title(locale: "en_US") ?? productId
        }
        for finding in uncredited {
            let how = finding.routes.isEmpty
                ? "LOST: paid, never credited, and nothing left to recover it"
                : "recoverable: " + finding.routes.map { $0.words(on: store) }.joined(separator: "; ")
            lines.append("  \(title(finding.productId)) \(order(finding.transactionId)): \(how)")
            if let loss = losses.first(where: { $0.transactionId == finding.transactionId }) {
                lines += LossReportText.details(loss, on: store).map { "    " + $0 }
            }
        }
        lines += play?.lines(title: title) ?? []
        for double in creditedTwice {
            lines.append("  \(title(double.productId)) tx \(double.transactionId): DOUBLE-CREDITED: paid once, credited \(double.times) times")
        }
        for orphan in orphans {
            let why = if play?.keptAfterVoiding.contains(orphan.transactionId) == true {
                "and Google Play voided it since; the Server has not taken it back"
            } else if let other = paidForOther[orphan.transactionId] {
                "but the Store's transaction of that id paid for \(title(other))"
            } else if refundedIds.contains(orphan.transactionId) {
                "after the Store refunded it"
            } else {
                "with no paid transaction behind it"
            }
            lines.append("  \(title(orphan.productId)) \(order(orphan.transactionId)): ORPHAN CREDIT: credited (\(orphan.grantWords)) \(why)")
        }
        for overcharge in overcharges {
            lines.append("  \(title(overcharge.productId)) \(order(overcharge.transactionId)): OVERCHARGED: paid again for what \(order(overcharge.heldBy)) already covered, not refunded")
        }
        for mismatch in balanceMismatches {
            lines.append("  balance \(mismatch.currency): BALANCE MISMATCH: the Server holds \(mismatch.balance), its credits and the refunds it took back add up to \(mismatch.expected)")
        }
        for over in overRefunds {
            let (charged, paidBack) = (catalog.storefront.format(over.charged, locale: "en"), catalog.storefront.format(over.paidBack, locale: "en"))
            lines.append("  \(title(over.productId)) tx \(over.transactionId): REFUNDED MORE THAN CHARGED: charged \(charged), paid back \(paidBack)")
        }
        lines.append(ok ? "audit ok" : "audit FAILED")
        return lines
    }
}
