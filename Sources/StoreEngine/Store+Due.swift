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
        let notification = try notifications.nextNotificationDue()
        let other = try store { () throws(StorageError) -> [Int64] in
            try payments.askToBuyExpiries() + [try periods.withSchedule { $0.nextMoment(after: millis) }].compactMap { $0 }
        }
        return (other + [notification].compactMap { $0 }).filter { $0 > millis }.min()
    }
}
