import Foundation
import Signing

/// The parts of a JWS compact serialization as text, read without verifying anything: what a
/// test decodes to see what a signed transaction or notification says, or changes to forge one.
public enum JWSText {
    /// The text a base64url part decodes to; nil when it is not base64url.
    public static func decoded(_ part: String) -> String? {
        Base64.url.decode(Substring(part)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `text` as a base64url part, without padding.
    public static func encoded(_ text: String) -> String {
        Base64.url.encode(Array(text.utf8))
    }

    /// `jws` with `text` in its payload replaced by `replacement` and its signature left as it
    /// was: a forgery; nil when the payload is not base64url.
    public static func forged(_ jws: String, replacing text: String, with replacement: String) -> String? {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let payload = decoded(parts[1]) else { return nil }
        parts[1] = encoded(payload.replacingOccurrences(of: text, with: replacement))
        return parts.joined(separator: ".")
    }

    /// The JSON object of a JWS's payload; nil when it is not one.
    public static func payload(of jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".").map(String.init)
        guard parts.count == 3, let text = decoded(parts[1]) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
