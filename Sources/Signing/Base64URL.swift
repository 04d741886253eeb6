import Foundation

/// Base64url without padding (RFC 4648 section 5), as the three parts of a JWS are written.
public enum Base64URL {
    /// `bytes` in base64url, without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of unpadded base64url text, or nil when it is not that (a `+`, `/` or `=`, a
    /// character outside the alphabet, or a length no encoding has).
    public static func decode(_ text: Substring) -> [UInt8]? {
        guard text.unicodeScalars.allSatisfy({ alphabet.contains($0) }), text.count % 4 != 1 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), encode(Array(data)) == text else { return nil }
        return Array(data)
    }

    private static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
}
