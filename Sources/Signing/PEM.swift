import Foundation

/// PEM, RFC 7468's textual encoding: a `-----BEGIN LABEL-----` line, the DER in base64 in
/// lines of 64 characters, and a `-----END LABEL-----` line.
public enum PEM {
    /// `der` as a PEM block with `label` (`CERTIFICATE`, `PUBLIC KEY`), ending in a newline.
    public static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<end]))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
