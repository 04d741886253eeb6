import Foundation

/// The parts of a JWS compact serialization as text, read without verifying anything: what a
/// test decodes to see what a signed transaction or notification says, or changes to forge one.
public enum JWSText {
    /// The text a base64url part decodes to; nil when it is not base64url.
    public static func decoded(_ part: String) -> String? {
        var standard = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `text` as a base64url part, without padding.
    public static func encoded(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The JSON object of a JWS's payload; nil when it is not one.
    public static func payload(of jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".").map(String.init)
        guard parts.count == 3, let text = decoded(parts[1]) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
