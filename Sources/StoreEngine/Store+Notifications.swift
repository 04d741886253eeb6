import Foundation
import IAPCore
import Storage

/// App Store Server Notifications V2, as `Notifications` posts them.
extension Store {
    /// Turns the notifications on or off (the app's Server URL at App Store Connect). On, the
    /// Store signs with its certificate chain, made now if it has none.
    public func setNotifications(_ on: Bool, from now: Date) throws(StoreError) {
        try notifications.setNotifications(on, from: now)
    }

    /// Posts every notification due by `now`: the first attempt, or a retry (`Notifications.postDueNotifications`).
    public func postDueNotifications(link: Link) throws(StoreError) {
        try notifications.postDueNotifications(link: link)
    }

    /// When the next notification is due, if any is.
    public func nextNotificationDue() throws(StoreError) -> Int64? {
        try notifications.nextNotificationDue()
    }

    /// Every notification the Store posted, oldest first.
    public func postedNotifications() throws(StoreError) -> [PostedNotification] {
        try notifications.postedNotifications()
    }

    /// Whether a (possibly live) `store.sqlite` posts notifications, read without changing the file.
    public static func readNotificationsOn(path: String) throws(StorageError) -> Bool {
        try StoreDatabase(path: path, readOnly: true).setting("notifications") == "on"
    }

    /// Every notification a (possibly live) `store.sqlite` holds, oldest first, read without
    /// changing the file.
    public static func readNotifications(path: String) throws(StorageError) -> [PostedNotification] {
        try StoreDatabase(path: path, readOnly: true).notifications()
    }
}
