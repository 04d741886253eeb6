/// Text from outside StoreSim (a file, a path, a database row) made fit for one line of a
/// terminal: control characters and line or paragraph separators escaped, so nothing in it can
/// break the line, forge another one or drive the terminal.
public enum LineText {
    /// The most characters of a value `quoted` shows.
    public static let maxShown = 60

    /// `text` with every hidden character escaped (`\n`, `\r`, `\t`, else `\u001B`); everything
    /// else, quotes and backslashes included, as written.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` cut to its first `limit` characters with `…` when it is longer.
    public static func cut(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `text` as a JSON string literal with every hidden character escaped, cut to its first
    /// `maxShown` characters with `…` when it is longer: a value inside a message.
    public static func quoted(_ text: String) -> String {
        JSONString.quoted(cut(text, to: maxShown))
    }

    /// The first character of `text` that has no place in one line of text, as `U+001B`.
    public static func firstHidden(in text: String) -> String? {
        text.unicodeScalars.first(where: isHidden).map { "U+" + hex4($0) }
    }

    /// A control character (C0, DEL, C1), or a line or paragraph separator.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The escape of a hidden character, valid in JSON too.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u" + hex4(scalar)
        }
    }

    /// The scalar's value in at least four uppercase hex digits.
    private static func hex4(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
