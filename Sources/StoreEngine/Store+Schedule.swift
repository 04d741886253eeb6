import Foundation
import IAPCore
import Storage

extension Store {
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

    /// Runs writes that change nothing the schedule holds (a notification posted, attempted or
    /// acknowledged, what the Server was told of an end), keeping it current through them.
    @discardableResult
    func keepingSchedule<Result>(_ body: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        let before = database.database.totalChanges
        let result = try body()
        schedule?.keepCurrent(from: before, to: database.database.totalChanges)
        return result
    }

    /// The first whole millisecond at or after `date`: the clock stopped there has reached it.
    static func dueMillis(_ date: Date) -> Int64 {
        let nearest = Int64((date.timeIntervalSince1970 * 1000).rounded())
        return SimulatedTime.date(millis: nearest) >= date ? nearest : nearest + 1
    }
}
