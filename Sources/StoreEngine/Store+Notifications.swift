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

    /// Sets the team's App Store Server Notifications URL, kept in `store.sqlite`; nil: the
    /// built-in Server again.
    public func setNotificationsURL(_ url: String?) throws(StoreError) {
        try notifications.setNotificationsURL(url)
    }

    /// Records how an attempt POSTed to the team's URL ended (`Notifications.attempted`).
    public func attempted(_ notification: ServerNotification, result: SendAttemptResult) throws(StoreError) {
        try notifications.attempted(notification, result: result)
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

    /// The notifications URL a (possibly live) `store.sqlite` posts to, read without changing the file.
    public static func readNotificationsURL(path: String) throws(StorageError) -> String? {
        try StoreDatabase(path: path, readOnly: true).setting(Notifications.urlSetting)
    }

    /// Every notification a (possibly live) `store.sqlite` holds, oldest first, read without
    /// changing the file.
    public static func readNotifications(path: String) throws(StorageError) -> [PostedNotification] {
        try StoreDatabase(path: path, readOnly: true).notifications()
    }
}
