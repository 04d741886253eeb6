/// Text from outside StoreSim (a file, a path, a database row) made fit for one line of a
/// terminal: control characters, line or paragraph separators and bidirectional controls
/// escaped, so nothing in it can break the line, forge another one, drive the terminal or
/// reorder what the line shows.
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

    /// The first character of `text` that has no place in one line of text (`breaksLine`), as
    /// `U+001B`. A bidirectional control has its place in right-to-left text: it is shown escaped.
    public static func firstLineBreaking(in text: String) -> String? {
        text.unicodeScalars.first(where: breaksLine).map { "U+" + hex4($0) }
    }

    /// A character `escaped` escapes: one that `breaksLine`, or a bidirectional control.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        breaksLine(scalar) || isBidiControl(scalar)
    }

    /// A control character (C0, DEL, C1), or a line or paragraph separator.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// A mark, embedding, override or isolate that changes the direction of text (U+061C,
    /// U+200E–U+200F, U+202A–U+202E, U+2066–U+2069): sent to a terminal raw, it reorders the
    /// rest of the line, so that the text shown is not the text read.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
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
