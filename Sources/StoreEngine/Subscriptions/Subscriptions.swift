import Foundation
import IAPCore
import Storage

/// Auto-renewable subscriptions: renewals as the clock passes their periods (the one renewal
/// rule), auto-renew, expiries, billing retry and grace periods, price increases, changes within
/// a group, StoreKit Testing's renew now and the sandbox's renewal cap. Their periods and the
/// clock's schedule are `SubscriptionPeriods`' to keep: a renewal tells it the period it replaced
/// (`renewed`) and brings the schedule up to date for the subscriptions a stop went through; any
/// other write of a subscription's settings or transactions makes the schedule stale by the change
/// count, and it is read again at the next stop. A renewal of a shared subscription renews the
/// family's shares (`Family.renewShares`).
final class Subscriptions: StoreService {
    let context: StoreContext
    let applied: AppliedOffers
    let periods: SubscriptionPeriods
    let offers: Offers
    let prices: Prices
    let signatures: Signatures
    let receipts: Receipts
    let notifications: Notifications
    let family: Family

    init(context: StoreContext, applied: AppliedOffers, periods: SubscriptionPeriods, offers: Offers, prices: Prices,
         signatures: Signatures, receipts: Receipts, notifications: Notifications, family: Family) {
        self.context = context
        self.applied = applied
        self.periods = periods
        self.offers = offers
        self.prices = prices
        self.signatures = signatures
        self.receipts = receipts
        self.notifications = notifications
        self.family = family
    }

    /// The subscriptions (by the original id that started each) whose user turned auto-renew
    /// off, read in one query: a view asks once, not once per row.
    func autoRenewOff() throws(StoreError) -> Set<TransactionID> {
        try store { () throws(StorageError) in
            Set(try database.settings(prefix: "autorenew:").compactMap { $0.value == "off" ? TransactionID($0.key) : nil })
        }
    }

    /// Renews every subscription whose period has ended by `now` and that still auto-renews:
    /// each renewal a new charged transaction with the same original id, dated when the period
    /// ended, sent to the app (or left unfinished in the queue while it is down). Renewals are
    /// written `renewalsPerCommit` to a SQLite transaction, each whole, and sent once committed
    /// with the receipt the device holds (`handingOut`): no receipt is built at a renewal, so
    /// the time taken grows with the renewals that fall due, not with the Store's history.
    /// A stop goes through only the subscriptions the schedule finds due (`SubscriptionSchedule`),
    /// and brings only those up to date.
    func renewDueSubscriptions(link: Link) throws(StoreError) {
        try store { () throws(StorageError) in
            try periods.withSchedule { (schedule) throws(StorageError) in
                var due = Array(schedule.due(by: link.now).reversed())
                let goneThrough = due.map(\.originalId)
                var renewed: [TransactionID: StoreRecord] = [:]
                while !due.isEmpty {
                    var notes: [(StoreStep, TransactionID)] = []
                    let renewals = try database.database.transaction { () throws(StorageError) in
                        try renew(&due, until: link.now, notes: &notes)
                    }
                    for (step, id) in notes { link.note(.store(step), from: .store, to: nil, transactionId: id) }
                    for renewal in try receipts.handingOut(renewals) {
                        renewed[renewal.originalId] = renewal
                        try signatures.deliver(renewal, link: link)
                    }
                }
                for originalId in goneThrough {
                    guard let latest = renewed[originalId]?.with(receipt: .some(nil)) ?? schedule.entries[originalId]?.latest else { continue }
                    schedule.replace(originalId, with: try periods.scheduleEntry(of: latest))
                }
                schedule.changes = database.database.totalChanges
            }
        }
    }

    /// The most renewals written in one SQLite transaction: few commits, bounded memory.
    static let renewalsPerCommit = 1000

    /// Makes up to `renewalsPerCommit` renewals that fall due by `now`, taking subscriptions from
    /// the end of `due` (kept newest first) and dropping each once it is current, or once the
    /// renewal rule (`renewal(of:dueAt:now:notes:)`) does not renew it. The early ends are read
    /// once: a renewal ends no period early, and a renewal's own id has none.
    private func renew(_ due: inout [StoreRecord], until now: Date, notes: inout [(StoreStep, TransactionID)]) throws(StorageError) -> [StoreRecord] {
        var renewals: [StoreRecord] = []
        let ended = try periods.expiredMillis(of: due.map(\.id))
        while let latest = due.last, renewals.count < Self.renewalsPerCommit {
            guard let end = periods.dueExpiry(of: latest, ended: ended[latest.id]), end <= now,
                  let renewal = try renewal(of: latest, dueAt: end, now: now, notes: &notes) else {
                due.removeLast()
                continue
            }
            periods.renewed(latest.id)
            renewals.append(renewal)
            due[due.count - 1] = renewal
        }
        return renewals
    }

    /// The one renewal rule, for a subscription that still auto-renews whose period (`latest`'s)
    /// ended at `end`: the sandbox's renewal cap, a price increase the subscriber did not agree to
    /// (it expires), a renewal that cannot be charged (billing retry), else a new charged
    /// transaction with the same original id, dated when it is charged, written and returned
    /// (still to be handed out and delivered). Nil when it does not renew now.
    func renewal(of latest: StoreRecord, dueAt end: Date, now: Date, notes: inout [(StoreStep, TransactionID)]) throws(StorageError) -> StoreRecord? {
        let recovering = try database.setting("billing-retry:\(latest.originalId)") != nil
        guard try sandboxRenews(latest), try consentAllowsRenewal(latest, at: now, notes: &notes),
              let date = try chargeDate(renewing: latest, dueAt: end, now: now, notes: &notes) else { return nil }
        let id = try database.nextTransactionId()
        let renewal = StoreRecord(
            id: id, originalId: latest.originalId, productId: try renewalProduct(of: latest), account: latest.account,
            state: .purchased, kind: .renewal, charged: true, finished: false, refunded: false, date: date,
            error: nil, receipt: nil)
        if let offer = try offers.renewalOffer(after: latest, renewingAs: renewal.productId) {
            try applied.keep(offer, for: id)
            notes.append((.offerRenews(offer: offer, productId: renewal.productId, price: try prices.priceText(of: renewal)), id))
        } else if let step = try prices.recordPrice(of: renewal) {
            notes.append((step, id))
        }
        let signed = try signatures.signing(renewal, at: now)
        try database.insert(signed)
        try countSandboxRenewal(signed, notes: &notes)
        try notifications.notify(.didRenew, subtype: recovering ? "BILLING_RECOVERY" : nil, about: signed, at: now)
        try family.renewShares(of: signed, at: now)
        return signed
    }

    /// The user turns auto-renew of a subscription on or off; returns what the Store did besides,
    /// when it did more. Turning on a plan that another of its group replaced (an upgrade ended
    /// it) is a change of renewal preference within the group: the running plan renews as it at
    /// its next renewal, as a downgrade does (DID_CHANGE_RENEWAL_PREF, `DOWNGRADE`: "the customer
    /// downgraded or cross-graded their subscription to take effect at the next renewal"), and
    /// nothing is charged beside the running plan. Otherwise auto-renew is the subscription's, one
    /// a group (renewal information's `autoRenewStatus`, by original transaction id): a plan a
    /// later purchase replaced names the subscription that runs on. A subscription whose period
    /// is over and that no longer renews cannot be turned on: the customer subscribes again by
    /// buying it.
    @discardableResult
    func setAutoRenew(productId: String, on: Bool, at now: Date) throws(StoreError) -> StoreStep? {
        let named = try periods.latestPaid(productId)
        if on, let change = try store({ () throws(StorageError) in try renewalPreferenceChange(to: named, at: now) }) {
            return change
        }
        let latest = try store { () throws(StorageError) in try periods.current(of: named) }
        if on, try store({ () throws(StorageError) in try hasLapsed(latest, at: now) }) {
            throw .refused(.lapsed(productId: productId, expiry: periods.expiry(of: latest)))
        }
        try store { () throws(StorageError) in
            try database.setSetting("autorenew:\(latest.originalId)", on ? "on" : "off")
            try notifications.notify(.didChangeRenewalStatus, subtype: on ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED", about: latest, at: now)
        }
        return nil
    }

    /// When another subscription of `replaced`'s group runs at `now`, has it renew as `replaced`'s
    /// product at its next renewal and says so; nil when no other plan of the group runs.
    private func renewalPreferenceChange(to replaced: StoreRecord, at now: Date) throws(StorageError) -> StoreStep? {
        guard let product = catalog.product(id: replaced.productId),
              let current = try periods.activeSubscription(product.group, account: replaced.account, at: now),
              current.productId != replaced.productId
        else { return nil }
        try renewAs(product.id, current)
        try notifications.notify(.didChangeRenewalPref, subtype: "DOWNGRADE", about: current, at: now)
        let renewal = periods.expiry(of: current).map(SimulatedTime.format) ?? ""
        return .renewsAsAtNextRenewal(productId: current.productId, until: renewal, renewsAs: product.id)
    }

    /// Whether `latest`'s subscription no longer renews and its period is over at `now`, with no
    /// billing retry or grace period keeping it.
    private func hasLapsed(_ latest: StoreRecord, at now: Date) throws(StorageError) -> Bool {
        guard try database.setting("autorenew:\(latest.originalId)") == "off",
              try database.setting("billing-retry:\(latest.originalId)") == nil,
              let end = periods.expiry(of: latest)
        else { return false }
        return end <= now
    }

    /// Ends a subscription now: its current period is over and it does not renew (a plan a later
    /// purchase replaced names the subscription that runs on). The Server learns of the new
    /// expiry at its next receipt check.
    func expire(productId: String, at now: Date) throws(StoreError) {
        let named = try periods.latestPaid(productId)
        try store { () throws(StorageError) in
            let latest = try periods.current(of: named)
            try database.setSetting("expired:\(latest.id)", String(SimulatedTime.millis(now)))
            try database.setSetting("autorenew:\(latest.originalId)", "off")
            if api == .storekit2 {
                try database.update(try signatures.signing(latest, at: now))
            }
            try notifications.notify(.expired, subtype: "VOLUNTARY", about: latest, at: now, expirationIntent: .customerCancelled)
            try notifications.markExpiryTold(latest)
        }
    }

    /// When the next renewal falls due: the earliest end of a period among the subscriptions
    /// that still auto-renew; nil when none does.
    func nextRenewalDue() throws(StoreError) -> Date? {
        try store { () throws(StorageError) in try periods.renewableSubscriptions().compactMap { periods.expiry(of: $0) }.min() }
    }

    /// Tells the Server of every end of a period that fell after `since` and by the link's now:
    /// a grace period over while the billing retry goes on, a period over for a subscription
    /// that no longer auto-renews. Each is told once (a crash before the clock was saved and the
    /// same advance again tells nothing twice); nothing while the notifications are off.
    func notifyEndedPeriods(since: Date, link: Link) throws(StoreError) {
        guard notificationsOn else { return }
        try store { () throws(StorageError) in try periods.keepingSchedule { () throws(StorageError) in
            let (from, to) = (SimulatedTime.millis(since), SimulatedTime.millis(link.now))
            // Only the subscriptions with an end in the window, which the schedule finds.
            for latest in try periods.withSchedule({ $0.noticed(after: from, through: to) }) {
                let key = latest.originalId
                let retry = try database.setting("billing-retry:\(key)"), autorenew = try database.setting("autorenew:\(key)")
                if retry != nil, let until = try database.setting("grace-until:\(key)").flatMap({ Int64($0) }),
                   until > from, until <= to {
                    try notifications.tellGracePeriodExpired(latest, until: until, at: link.now)
                }
                if autorenew == "off", retry == nil, let end = periods.expiry(of: latest).map(SimulatedTime.millis),
                   end > from, end <= to, try database.setting("expiry-told:\(key)") != String(end) {
                    try notifications.notify(.expired, subtype: "VOLUNTARY", about: latest, at: link.now, expirationIntent: .customerCancelled)
                    try notifications.markExpiryTold(latest)
                }
                if autorenew != "off", retry == nil {
                    try tellSandboxEnd(latest, from: from, to: to, at: link.now)
                }
            }
        } }
    }

    /// `Product.SubscriptionInfo.status(for:)`: the state of each auto-renewable subscription the
    /// account bought, with its latest transaction signed now, oldest first.
    func subscriptionStatuses(link: Link) throws(StorageError) {
        var statuses: [SubscriptionStatus] = []
        for (record, state) in try latestTransactions(of: account, at: link.now) {
            statuses.append(SubscriptionStatus(state: state, transaction: try signatures.signedTransaction(record, at: link.now)))
        }
        link.send(.subscriptionStatuses(statuses))
    }

    /// The latest paid transaction of each of `account`'s auto-renewable subscriptions, oldest
    /// first, with the subscription's state at `now`.
    func latestTransactions(of account: String, at now: Date) throws(StorageError) -> [(StoreRecord, SubscriptionStatus.RenewalState)] {
        let renewing = catalog.products(ofType: .autoRenewable).map(\.id)
        var latest: [(StoreRecord, SubscriptionStatus.RenewalState)] = []
        for record in try database.latestPaid(account: account, products: renewing) {
            latest.append((record, try periods.renewalState(of: record, at: now)))
        }
        return latest
    }
}
