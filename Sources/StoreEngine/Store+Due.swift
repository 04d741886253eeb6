import Foundation
import IAPCore
import Storage

extension Store {
    /// The next moment after `millis` (milliseconds) when something falls due at the Store, nil
    /// when nothing will: a subscription's renewal, the end of its billing retry or of its grace
    /// period, the end of a period told by notification (auto-renew off), an Ask to Buy request's
    /// expiry, a notification's attempt. The clock stops at each such moment in turn
    /// (`renewDueSubscriptions`, `notifyEndedPeriods`, `expireAskToBuyRequests`, `postDueNotifications`).
    public func nextDue(after millis: Int64) throws(StoreError) -> Int64? {
        let notification = try nextNotificationDue()
        let other = try store { () throws(StorageError) -> [Int64] in
            try subscriptionMoments() + askToBuyExpiries()
        }
        return (other + [notification].compactMap { $0 }).filter { $0 > millis }.min()
    }

    /// When each subscription next has something due: its renewal while it auto-renews, its
    /// end when it does not and the Server is told of it, and in billing retry the end of the
    /// grace period and of the retry. The early ends are read in one query, not one a subscription.
    private func subscriptionMoments() throws(StorageError) -> [Int64] {
        let retries = try database.settingsByTransaction("billing-retry:") { $0 }
        let graces = try database.settingsByTransaction("grace-until:") { $0 }
        let autorenew = try database.settingsByTransaction("autorenew:") { $0 }
        let subscriptions = try latestSubscriptions()
        let ended = try expiredMillis(of: subscriptions.map(\.id))
        var moments: [Int64] = []
        for latest in subscriptions {
            let key = latest.originalId
            if let since = retries[key].flatMap(Int64.init) {
                moments.append(since + Int64(Self.billingRetryDays) * 86_400_000)
                if let until = graces[key].flatMap(Int64.init) { moments.append(until) }
            } else if autorenew[key] != "off" || notificationsOn, let end = dueExpiry(of: latest, ended: ended[latest.id]) {
                moments.append(Self.dueMillis(end))
            }
        }
        return moments
    }

    /// When each waiting Ask to Buy request expires.
    private func askToBuyExpiries() throws(StorageError) -> [Int64] {
        try database.waitingRequestDates().map {
            Self.dueMillis(SimulatedTime.date(millis: $0).addingTimeInterval(Self.askToBuyLifetime))
        }
    }

    /// The first whole millisecond at or after `date`: the clock stopped there has reached it.
    private static func dueMillis(_ date: Date) -> Int64 {
        let nearest = Int64((date.timeIntervalSince1970 * 1000).rounded())
        return SimulatedTime.date(millis: nearest) >= date ? nearest : nearest + 1
    }
}
