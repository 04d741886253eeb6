/// Text from the catalog file, shown in an error message or a JSON path.
enum CatalogText {
    static let maxShown = 60

    /// `text` as a JSON string literal that also escapes DEL, C1 controls and line or paragraph
    /// separators (nothing in it can break the message's line or drive the terminal), cut to
    /// its first `maxShown` characters with `…` when it is longer.
    static func quoted(_ text: String) -> String {
        let shown = text.count > maxShown ? String(text.prefix(maxShown)) + "…" : text
        var result = ""
        for scalar in JSONString.quoted(shown).unicodeScalars {
            if isHidden(scalar) {
                result += "\\u" + hex4(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first character of `text` that has no place in one line of text, as `U+001B`.
    static func firstHidden(in text: String) -> String? {
        text.unicodeScalars.first(where: isHidden).map { "U+" + hex4($0) }
    }

    /// A control character, or a line or paragraph separator.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    /// The scalar's value in at least four uppercase hex digits.
    private static func hex4(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
