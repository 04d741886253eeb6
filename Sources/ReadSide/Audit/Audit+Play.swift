import Foundation
import IAPClient
import IAPCore
import OrderServer
import PlayEngine
import StoreEngine

/// The audit of a world that sells on Google Play: Play's purchases judged as the App Store's
/// transactions are (paid, credited, recoverable, lost), its words Google's, and `autoRefunded`.
extension Audit {
    /// The audit of Google Play's `purchases` against the Server's `ledger` and the app's cache.
    /// A PURCHASED purchase is paid; one acknowledged (or consumed) or voided waits for nobody;
    /// one voided was paid back, and one voided by the three-day rule is `autoRefunded`.
    /// The Server's balances are judged by what it credited less what it took back of purchases
    /// Play voided; a credit of a voided order (a subscription's renewal included) it has not
    /// taken back is an orphan credit, and so is an entitlement the Server still holds through a
    /// revoked subscription's order past the revocation; the notifications Pub/Sub still pushes
    /// are `notificationsPending`.
    public init(play purchases: [PlayPurchaseRecord], notifications: [PublishedNotification], ledger: Ledger,
                pendingOrders: [PendingOrder], catalog: Catalog) {
        let paid = purchases.filter { $0.state == .purchased }
        let plans = PlayBasePlan.plans(of: catalog)
        let records = paid.map { purchase in
            StoreRecord(id: purchase.orderId.transactionId, originalId: purchase.orderId.transactionId, productId: purchase.productId,
                        account: purchase.account, state: .purchased, kind: .purchase, charged: true,
                        finished: purchase.isAcknowledged || purchase.isVoided, refunded: purchase.voidedOrderId == purchase.orderId,
                        date: SimulatedTime.date(millis: purchase.createdMillis), error: nil, receipt: nil,
                        refundDate: purchase.voidedOrderId == purchase.orderId ? purchase.voidedMillis.map(SimulatedTime.date) : nil)
        } + paid.flatMap { Self.renewals(of: $0, plan: plans[$0.productId]) }
        // An expired or revoked subscription is no longer returned by queryPurchasesAsync, and
        // with it goes the way to its uncredited orders.
        let ended = paid.filter { $0.isSubscription && ($0.isVoided || $0.endedMillis != nil) }
        self.init(transactions: records, ledger: ledger, pendingOrders: pendingOrders, catalog: catalog,
                  unrestorable: Set(ended.flatMap { $0.orderIds.map(\.transactionId) }))
        let expiries = Dictionary(paid.compactMap { purchase in purchase.expiryMillis.map { (purchase.orderId.transactionId, $0) } },
                                  uniquingKeysWith: { first, _ in first })
        overcharges = Self.oneTimeOvercharges(records, expiries: expiries, catalog: catalog)
        overcharged = overcharges.count
        let voided = Set(paid.compactMap { $0.voidedOrderId?.transactionId })
        let orphaned = Set(orphans.map(\.transactionId))
        let held = Set(ledger.entitlements.map(\.transactionId))
        let heldPastRevocation = Self.heldPastRevocation(paid, ledger: ledger)
        let kept = ledger.credits.filter { credit in
            guard !orphaned.contains(credit.transactionId) else { return false }
            let notTakenBack = voided.contains(credit.transactionId) && !ledger.takenBack.contains(credit.transactionId)
                && Self.stillGrants(credit, held: held, catalog: catalog)
            return notTakenBack || heldPastRevocation.contains(credit.transactionId)
        }
        orphans += kept
        orphanCredits = orphans.count
        balanceMismatches = BalanceMismatch.find(balances: ledger.balances, granted: Self.granted(ledger, voided: voided, catalog: catalog),
                                                 creditPlaces: [:], notifications: nil, processed: [], record: { _ in nil }, catalog: catalog)
        notificationsPending = notifications.isEmpty ? nil : notifications.count(where: \.isPending)
        play = PlayAuditFigures(keptAfterVoiding: Set(kept.map(\.transactionId)), autoRefunds: paid.compactMap { purchase in
            guard purchase.voidedReason == .unacknowledgedPurchase, let voided = purchase.voidedMillis else { return nil }
            return .init(transactionId: purchase.orderId.transactionId, productId: purchase.productId,
                         purchased: SimulatedTime.date(millis: purchase.purchasedMillis ?? purchase.createdMillis),
                         refunded: SimulatedTime.date(millis: voided))
        })
    }

    /// Whether the Server's credit of a purchase still grants something: a consumable's grant
    /// stays in the balance until taken back; any other product only while the Server holds it
    /// through this purchase (a later plan of its group replaces it there, and then a voided
    /// earlier plan has nothing left to take back).
    private static func stillGrants(_ credit: Ledger.Credit, held: Set<TransactionID>, catalog: Catalog) -> Bool {
        catalog.type(ofProduct: credit.productId) == .consumable || held.contains(credit.transactionId)
    }

    /// The orders of revoked subscriptions through which the Server still holds an entitlement
    /// past the moment Play revoked them: Google, "If expiryTime is in the past, then the user
    /// loses entitlement immediately."
    private static func heldPastRevocation(_ paid: [PlayPurchaseRecord], ledger: Ledger) -> Set<TransactionID> {
        var revokedAt: [TransactionID: Date] = [:]
        for purchase in paid where purchase.isSubscription {
            guard let voided = purchase.voidedMillis else { continue }
            for order in purchase.orderIds { revokedAt[order.transactionId] = SimulatedTime.date(millis: voided) }
        }
        return Set(ledger.entitlements.filter { entitlement in
            revokedAt[entitlement.transactionId].map { revoked in entitlement.expires.map { $0 > revoked } ?? true } ?? false
        }.map(\.transactionId))
    }

    /// A subscription's renewals as the audit judges them: each renewal order paid at the end of
    /// a period of its base plan, and finished (Google: "Subscription renewals don't need to be
    /// acknowledged").
    private static func renewals(of purchase: PlayPurchaseRecord, plan: PlayBasePlan?) -> [StoreRecord] {
        guard let plan, let start = purchase.purchasedMillis else { return [] }
        var periodStart = SimulatedTime.date(millis: start)
        return purchase.orderIds.dropFirst().map { order in
            periodStart = plan.billingPeriodDuration.added(to: periodStart)
            let refunded = purchase.voidedOrderId == order
            return StoreRecord(id: order.transactionId, originalId: purchase.orderId.transactionId, productId: purchase.productId,
                               account: purchase.account, state: .purchased, kind: .renewal, charged: true, finished: true,
                               refunded: refunded, date: periodStart, error: nil, receipt: nil,
                               refundDate: refunded ? purchase.voidedMillis.map(SimulatedTime.date) : nil)
        }
    }

    /// The purchases that bought nothing new on Google Play: a paid, unvoided purchase of a
    /// product the account already held by an earlier one, which Play refuses
    /// (ITEM_ALREADY_OWNED) unless it was consumed — so a consumable never counts — or, a
    /// subscription's base plan, the earlier one's period had ended (`expiries`, by order).
    /// Judged in the order the purchases were made, as Play's order ids are drawn at random: the
    /// App Store's rules (its ids in order, a group's periods) would make the verdict depend on
    /// the world's seed.
    private static func oneTimeOvercharges(_ records: [StoreRecord], expiries: [TransactionID: Int64], catalog: Catalog) -> [Overcharge] {
        var held: [String: StoreRecord] = [:]
        var found: [Overcharge] = []
        for record in records.filter({ !$0.refunded && $0.kind != .renewal }).sorted(by: { ($0.date, $0.id) < ($1.date, $1.id) }) {
            guard let type = catalog.type(ofProduct: record.productId), type != .consumable else { continue }
            let key = "\(record.account)\u{0}\(record.productId)"
            if let first = held[key], expiries[first.id].map({ $0 > SimulatedTime.millis(record.date) }) ?? true {
                found.append(Overcharge(transactionId: record.id, productId: record.productId, heldBy: first.id))
            } else {
                held[key] = record
            }
        }
        return found
    }

    /// What the Server's credits of consumables grant, by currency, less those of purchases Play
    /// voided that the Server took back.
    private static func granted(_ ledger: Ledger, voided: Set<TransactionID>, catalog: Catalog) -> [String: Int] {
        var granted: [String: Int] = [:]
        for credit in ledger.credits {
            guard let product = catalog.product(id: credit.productId), product.type == .consumable,
                  !(voided.contains(credit.transactionId) && ledger.takenBack.contains(credit.transactionId)) else { continue }
            for part in product.grantInOrder { granted[part.currency, default: 0] &+= part.amount }
        }
        return granted
    }

    /// The store whose purchases the audit judged.
    var store: StoreKind { play == nil ? .appStore : .play }

    /// A paid purchase as the audit names it: `tx` and its id on the App Store, its order id on Google Play.
    func order(_ id: TransactionID) -> String {
        store == .play ? store.orderText(id) : "tx \(id)"
    }
}

extension Audit.Route {
    /// How the route reaches the purchase, in the words of `store`.
    public func words(on store: StoreKind) -> String {
        guard store == .play else { return rawValue }
        switch self {
        case .cache: return rawValue
        case .queue: return "unacknowledged at Google Play: queryPurchasesAsync returns it until its three days end"
        case .restore: return "owned at Google Play: queryPurchasesAsync returns it"
        case .notification: return "a real-time developer notification to the Server"
        case .transactionHistory: return rawValue
        }
    }
}
