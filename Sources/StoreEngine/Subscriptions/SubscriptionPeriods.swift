import Foundation
import IAPCore
import Storage

/// When subscriptions' periods end and what the clock's stops need of them. It owns two caches:
/// `schedule` (every subscription's latest transaction and its due moments, current while
/// `store.sqlite` has had no write it does not know of: any other write makes it stale by the
/// change count) and `expiriesSeen` (each latest transaction's period end, kept with what it was
/// worked out from). Writers that change nothing the schedule holds say so (`keepingSchedule`,
/// `finished(_:from:to:)`); a renewal says its period was replaced (`renewed(_:)`); a failed
/// commit has it forgotten (`forgetSchedule`).
final class SubscriptionPeriods: StoreService {
    /// How long the Store retries a renewal that cannot be charged before the subscription expires.
    static let billingRetryDays = 60
    static let expiredPrefix = "expired:"
    /// The settings key, before a subscription's original id, that keeps when it started anew
    /// (a resubscription after a long lapse), in milliseconds.
    static let startPrefix = "subscription-start:"

    let context: StoreContext
    private let applied: AppliedOffers
    /// What the clock's stops need of every subscription, as last read or written (`withSchedule`):
    /// an advance that stops at each renewal reads them once, not at every stop.
    private var schedule: SubscriptionSchedule?
    /// The period end of each subscription's latest transaction, as the clock's stops last worked
    /// it out (`dueExpiry(of:ended:)`), by transaction id.
    private var expiriesSeen: [TransactionID: (inputs: ExpiryInputs, expiry: Date?)] = [:]

    init(context: StoreContext, applied: AppliedOffers) {
        self.context = context
        self.applied = applied
    }

    // MARK: Periods

    /// When the period a transaction paid for ends (`Store.expiry(of:)`).
    func expiry(of record: StoreRecord) -> Date? {
        expiry(of: record, ended: (try? database.setting(Self.expiredPrefix + record.id.description)).flatMap { $0.flatMap(Int64.init) })
    }

    /// The expiry of a transaction whose early end (`expired:` setting, in milliseconds) was read
    /// already; a family member's share of a subscription ends when the purchaser's period does.
    /// A share is made of a period that runs: one over by then is of the run before the share's
    /// (the purchase that continues the subscription is being charged), and tells nothing yet.
    func expiry(of record: StoreRecord, ended: Int64?) -> Date? {
        if record.kind == .familyShare, catalog.type(ofProduct: record.productId) == .autoRenewable {
            let end = (try? database.sharedPurchase(of: record)).flatMap { $0 }.flatMap { expiry(of: $0) }
            return end.flatMap { $0 > record.date ? $0 : nil }
        }
        return Store.expiry(of: record, offer: applied.offer(of: record), ended: ended.map(SimulatedTime.date(millis:)), catalog: catalog)
    }

    /// The expiry of a subscription's latest transaction at a stop of the clock, its early end
    /// (milliseconds) read already: worked out once and kept, again only when anything it is
    /// worked out from changed, so that a stop does no calendar arithmetic for the subscriptions
    /// that did not renew. A family member's share is worked out each time, from its purchase.
    func dueExpiry(of record: StoreRecord, ended: Int64?) -> Date? {
        guard record.kind != .familyShare else { return expiry(of: record, ended: ended) }
        let inputs = ExpiryInputs(date: record.date, productId: record.productId, kind: record.kind, ended: ended,
                                  offer: applied.offer(of: record))
        if let seen = expiriesSeen[record.id], seen.inputs == inputs { return seen.expiry }
        let expiry = expiry(of: record, ended: ended)
        expiriesSeen[record.id] = (inputs, expiry)
        return expiry
    }

    /// The early ends (`expire`) of these transactions, in milliseconds, by id: the Store's few
    /// `expired:` settings read by one range of their key, not a lookup per transaction.
    func expiredMillis(of ids: [TransactionID]) throws(StorageError) -> [TransactionID: Int64] {
        let ended = try database.settingsByTransaction(Self.expiredPrefix) { $0 }
        guard !ended.isEmpty else { return [:] }
        var found: [TransactionID: Int64] = [:]
        for id in ids {
            if let millis = ended[id].flatMap(Int64.init) { found[id] = millis }
        }
        return found
    }

    /// The transactions whose period ended early, with when.
    static func earlyEnds(in database: StoreDatabase) throws(StorageError) -> [TransactionID: Date] {
        try database.settingsByTransaction(expiredPrefix) { Int64($0).map(SimulatedTime.date(millis:)) }
    }

    /// The end of the grace period of the subscription `record` belongs to, when it is the latest
    /// transaction of a subscription in billing retry with a grace period.
    func graceUntil(of record: StoreRecord) throws(StorageError) -> Date? {
        guard try database.setting("billing-retry:\(record.originalId)") != nil else { return nil }
        return try database.setting("grace-until:\(record.originalId)").flatMap(Int64.init).map(SimulatedTime.date(millis:))
    }

    /// When `record`'s subscription last started anew after a long lapse; nil when it never
    /// lapsed so long (its series began with its original purchase).
    func startedAnew(_ record: StoreRecord) throws(StorageError) -> Date? {
        try database.setting(Self.startPrefix + record.originalId.description).flatMap(Int64.init).map(SimulatedTime.date(millis:))
    }

    /// `Product.SubscriptionInfo.RenewalState` of the subscription whose latest transaction is `record`.
    func renewalState(of record: StoreRecord, at now: Date) throws(StorageError) -> SubscriptionStatus.RenewalState {
        if record.refunded { return .revoked }
        if let end = expiry(of: record), end > now { return .subscribed }
        guard try database.setting("billing-retry:\(record.originalId)") != nil else { return .expired }
        if let grace = try graceUntil(of: record), grace > now { return .inGracePeriod }
        return .inBillingRetryPeriod
    }

    /// The first whole millisecond at or after `date`: the clock stopped there has reached it.
    static func dueMillis(_ date: Date) -> Int64 {
        let nearest = Int64((date.timeIntervalSince1970 * 1000).rounded())
        return SimulatedTime.date(millis: nearest) >= date ? nearest : nearest + 1
    }

    // MARK: Which subscriptions

    /// The latest paid transaction of each subscription of a group an account bought, oldest first.
    func groupRecords(_ group: String?, account: String) throws(StorageError) -> [StoreRecord] {
        let members = catalog.products(ofType: .autoRenewable).filter { $0.group == group }.map(\.id)
        return try database.latestPaid(account: account, products: members)
    }

    /// The account's subscription of `group` that is active at `now`: the latest paid, not
    /// refunded, whose period is not over.
    func activeSubscription(_ group: String?, account: String, at now: Date) throws(StorageError) -> StoreRecord? {
        try groupRecords(group, account: account).last { record in
            !record.refunded && (expiry(of: record).map { $0 > now } ?? false)
        }
    }

    /// The account's subscription of `group` whose renewal the App Store is retrying, if any.
    func retryingSubscription(_ group: String?, account: String) throws(StorageError) -> StoreRecord? {
        let retries = try database.settings(prefix: "billing-retry:")
        guard !retries.isEmpty else { return nil }
        return try groupRecords(group, account: account).last { !$0.refunded && retries[$0.originalId.description] != nil }
    }

    /// The signed-in account's newest paid transaction of `productId` not refunded, with its own
    /// receipt (which a change to its row keeps): the one row read, however many came before it.
    func latestPaid(_ productId: String) throws(StoreError) -> StoreRecord {
        let latest = try store { () throws(StorageError) in
            try database.records(where: StoreDatabase.newestPaidUnrefunded, [.text(productId), .text(account)]).first
        }
        guard let latest else { throw .refused(.noPaidPurchase(account: account, productId: productId)) }
        return latest
    }

    /// The newest paid transaction of the subscription `record` belongs to, without its receipt:
    /// `record` itself, or the plan a later purchase continued the subscription with.
    func current(of record: StoreRecord) throws(StorageError) -> StoreRecord {
        try database.latestPaid(of: [record.originalId], account: record.account,
                                products: catalog.products(ofType: .autoRenewable).map(\.id)).first ?? record
    }

    /// The latest paid transaction of every subscription not refunded, oldest first, without its
    /// receipt (which lists every renewal before it), as the schedule holds them.
    func latestSubscriptions() throws(StorageError) -> [StoreRecord] {
        try withSchedule { $0.latest() }
    }

    /// The latest paid transaction of every subscription that still auto-renews, oldest first:
    /// read through the index of paid transactions by product, the auto-renew switches in one query.
    func renewableSubscriptions() throws(StorageError) -> [StoreRecord] {
        let latest = try latestSubscriptions()
        let autorenew = try database.settingsByTransaction("autorenew:") { $0 }
        return latest.filter { autorenew[$0.originalId] != "off" }
    }

    // MARK: The schedule

    /// Runs `body` on the subscriptions' schedule brought up to date: read again (every
    /// subscription's latest transaction in one query, their settings in four) only when the Store
    /// wrote something it does not know of since. The schedule is moved out while `body` runs, so
    /// that changing it copies nothing; one that `body` leaves by an error is read again next time.
    func withSchedule<Result>(_ body: (inout SubscriptionSchedule) throws(StorageError) -> Result) throws(StorageError) -> Result {
        var current = try currentSchedule()
        schedule = nil
        let result = try body(&current)
        schedule = current
        return result
    }

    /// Runs writes that change nothing the schedule holds (a notification posted, attempted or
    /// acknowledged, what the Server was told of an end), keeping it current through them.
    @discardableResult
    func keepingSchedule<Result>(_ body: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        let before = database.database.totalChanges
        let result = try body()
        schedule?.keepCurrent(from: before, to: database.database.totalChanges)
        return result
    }

    /// The transaction `id` was finished by the writes between the change counts `before` and
    /// `after`: a subscription's latest transaction finished stays current in the schedule.
    func finished(_ id: TransactionID, from before: Int64, to after: Int64) {
        schedule?.finished(id)
        schedule?.keepCurrent(from: before, to: after)
    }

    /// A renewal replaced the period of `id`: its kept end is no longer the subscription's.
    func renewed(_ id: TransactionID) {
        expiriesSeen[id] = nil
    }

    /// Forgets the schedule (a batch rolled back): the next stop reads it again.
    func forgetSchedule() {
        schedule = nil
    }

    private func currentSchedule() throws(StorageError) -> SubscriptionSchedule {
        let changes = database.database.totalChanges
        if let kept = schedule, kept.isCurrent(changes: changes, notificationsOn: notificationsOn) { return kept }
        let latest = try readLatestSubscriptions()
        let retries = try database.settingsByTransaction("billing-retry:") { $0 }
        let graces = try database.settingsByTransaction("grace-until:") { $0 }
        let autorenew = try database.settingsByTransaction("autorenew:") { $0 }
        let ended = try expiredMillis(of: latest.map(\.id))
        var entries: [TransactionID: SubscriptionSchedule.Entry] = [:]
        for record in latest {
            let key = record.originalId
            entries[key] = scheduleEntry(of: record, retry: retries[key], grace: graces[key], autorenew: autorenew[key],
                                         ended: ended[record.id])
        }
        return SubscriptionSchedule(changes: changes, notificationsOn: notificationsOn, entries: entries)
    }

    /// The latest paid transaction of every subscription not refunded, without its receipt
    /// (which lists every renewal before it): read through the index of paid transactions by product.
    private func readLatestSubscriptions() throws(StorageError) -> [StoreRecord] {
        let products = catalog.products(ofType: .autoRenewable).map { SQLiteValue.text($0.id) }
        guard !products.isEmpty else { return [] }
        return try database.records(where: """
            id IN (SELECT MAX(id) FROM transactions WHERE charged = 1 AND kind != 'restore'
                   AND product_id IN (\(SQLiteValue.marks(products.count)))
                   GROUP BY original_id) AND refunded = 0
            """, products, withReceipts: false)
    }

    /// What a subscription whose latest transaction is `latest` contributes to the schedule, its
    /// settings read one by one: for the few a stop went through.
    func scheduleEntry(of latest: StoreRecord) throws(StorageError) -> SubscriptionSchedule.Entry {
        let key = latest.originalId
        return scheduleEntry(of: latest, retry: try database.setting("billing-retry:\(key)"),
                             grace: try database.setting("grace-until:\(key)"), autorenew: try database.setting("autorenew:\(key)"),
                             ended: try database.setting(Self.expiredPrefix + latest.id.description).flatMap { Int64($0) })
    }

    /// What a subscription contributes to the schedule: when its period ends while it still
    /// auto-renews; when it next has something due (in billing retry, the end of the retry and of
    /// the grace period; else the end of its period while it auto-renews, or while the Server is
    /// told of ends); and the end the Server may be told of (`notifyEndedPeriods`: in billing
    /// retry, the grace period's; else the period's).
    private func scheduleEntry(of latest: StoreRecord, retry: String?, grace: String?, autorenew: String?,
                               ended: Int64?) -> SubscriptionSchedule.Entry {
        let end = dueExpiry(of: latest, ended: ended)
        var moments: [Int64] = []
        if let since = retry.flatMap({ Int64($0) }) {
            moments.append(since + Int64(Self.billingRetryDays) * 86_400_000)
            if let until = grace.flatMap({ Int64($0) }) { moments.append(until) }
        } else if autorenew != "off" || notificationsOn, let end {
            moments.append(Self.dueMillis(end))
        }
        let notice = retry != nil ? grace.flatMap { Int64($0) } : end.map(SimulatedTime.millis)
        return SubscriptionSchedule.Entry(latest: latest, renewsAt: autorenew != "off" ? end : nil, moments: moments,
                                          notices: notice.map { [$0] } ?? [])
    }
}
