import Foundation

/// The URL of an outside server StoreSim talks to (a team's backend, where the app verifies its
/// purchases or the Store posts its notifications): `http://` or `https://` with a host, and
/// nothing a terminal would act on.
public enum OutsideURL {
    /// Nil when `text` is such a URL; else the problem, in a few words.
    public static func problem(_ text: String) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return "\(LineText.quoted(text)) is not a URL: it holds spaces, control or non-ASCII characters"
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else {
            return "\(LineText.quoted(text)) is not an http:// or https:// URL with a host"
        }
        return nil
    }

    /// StoreSim's endpoint `path` (`storesim/verify`) under the server's `url`, one slash between.
    public static func endpoint(_ url: String, _ path: String) -> String {
        url.hasSuffix("/") ? url + path : url + "/" + path
    }
}
