import Foundation

/// The App Store Server Notifications URL a team gives the Store (App Store Connect's "App Store
/// Server Notifications URL"): an `http://` or `https://` URL with a host, where the Store POSTs
/// `{"signedPayload": …}`.
public enum NotificationsURL {
    /// Why `text` cannot be a notifications URL, or nil when it can.
    public static func problem(with text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            return "'\(text)' is not an http:// or https:// URL with a host"
        }
        return nil
    }
}
