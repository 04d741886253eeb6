/// Text from the catalog file, quoted for an error message or a JSON path: a JSON string
/// literal that also escapes DEL, C1 controls and line or paragraph separators (nothing in it
/// can break the message's line or drive the terminal), cut to its first `maxShown` characters
/// with `…` when it is longer.
enum CatalogText {
    static let maxShown = 60

    static func quoted(_ text: String) -> String {
        let shown = text.count > maxShown ? String(text.prefix(maxShown)) + "…" : text
        var result = ""
        for scalar in JSONString.quoted(shown).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
