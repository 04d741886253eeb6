import Foundation
import IAPCore
import Storage

/// The renewal information a notification about an auto-renewable subscription carries, and the
/// ends of periods the Store tells the Server of as the clock passes them: a subscription whose
/// auto-renew was off ends with its period (`EXPIRED`, `VOLUNTARY`), one the sandbox stopped
/// renewing ends with its last period (`EXPIRED`), a billing grace period ends while the billing
/// retry goes on (`GRACE_PERIOD_EXPIRED`).
extension Store {
    /// Tells the Server of every end of a period that fell after `since` and by the link's now:
    /// a grace period over while the billing retry goes on, a period over for a subscription
    /// that no longer auto-renews. Each is told once (a crash before the clock was saved and the
    /// same advance again tells nothing twice); nothing while the notifications are off.
    public func notifyEndedPeriods(since: Date, link: Link) throws(StoreError) {
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
}
