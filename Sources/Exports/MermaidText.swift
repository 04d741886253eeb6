import IAPCore

/// Text made safe inside a Mermaid `sequenceDiagram` statement, whatever a product title, a
/// reason or a file held. Mermaid's lexer ends a message's text at `#`, `;` or a newline, reads
/// `#…;` as an entity code (`#59;` is `;`, numbers in base 10), takes `%%` for a comment or a
/// directive, renders `<…>` as HTML, cuts a line with `style…:…#…;` short and takes a text
/// that starts with `wrap:` as an option; so hidden characters are escaped as the transcript
/// escapes them, and every character that could start any of these is written as its code.
public enum MermaidText {
    /// `text` for one statement: nothing in it can end the statement, start another or a comment,
    /// or become markup; Mermaid shows it as written.
    public static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(LineText.escaped(text).unicodeScalars)
        let first = scalars.firstIndex { $0 != " " } ?? 0
        let words = String(String.UnicodeScalarView(scalars[first...])).lowercased()
        let option = words.hasPrefix("wrap:") || words.hasPrefix("nowrap:")
        for (index, scalar) in scalars.enumerated() {
            if (option && index == first) || needsCode(scalar, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += "#\(scalar.value);"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a character must be written as its entity code: one Mermaid's lexer, its entity
    /// decoder or HTML would read, quotes included; a colon unless a space follows (`:#` is what
    /// the style rule looks for); the first characters of Mermaid's own entity placeholders
    /// (`ﬂ°`, `¶ß`), which its decoder would turn into `&` and `;`.
    private static func needsCode(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Bool {
        switch scalar {
        case "#", ";", "%", "<", ">", "&", "\"", "'", "ﬂ", "¶":
            return true
        case ":":
            return next != " "
        default:
            return false
        }
    }
}
