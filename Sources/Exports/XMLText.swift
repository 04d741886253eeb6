import IAPCore

/// Text made valid inside an XML 1.0 document, whatever it holds: the five markup characters
/// as entities, and every character XML 1.0 forbids (control characters but tab, newline and
/// carriage return; U+FFFE and U+FFFF) written out visibly, as the transcript writes hidden
/// characters, so that no reader rejects the file.
public enum XMLText {
    /// `text` as the content of an element: line breaks kept, a carriage return as a reference
    /// (a parser would otherwise turn it into a newline).
    public static func content(_ text: String) -> String {
        escaped(text) { $0 == "\r" ? "&#13;" : String($0) }
    }

    /// `text` as the value of an attribute in double quotes: tabs and line breaks as references,
    /// which a parser would otherwise turn into spaces.
    public static func attribute(_ text: String) -> String {
        escaped(text) { "&#\($0.value);" }
    }

    /// Escapes `text`; `whitespace` writes a tab, a newline or a carriage return.
    private static func escaped(_ text: String, whitespace: (Unicode.Scalar) -> String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\r", "\t": result += whitespace(scalar)
            case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += LineText.escaped(String(scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
