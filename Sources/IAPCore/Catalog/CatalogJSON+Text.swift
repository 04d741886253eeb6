/// JSON text made from a `CatalogJSON` value: a whole catalog file, or one value on a line.
extension CatalogJSON {
    /// How a file is laid out.
    enum Layout {
        /// StoreSim's `catalog.json`: `"key": value`, members in the order given, `[]` and `{}`.
        case storeSim
        /// Xcode's `.storekit`: `"key" : value`, members sorted by key regardless of case, an
        /// empty array or object on three lines.
        case xcode
    }

    /// The value as a file's text, indented by two spaces, ending in a newline.
    func document(_ layout: Layout) -> String {
        rendered(layout, indent: "") + "\n"
    }

    /// The value on one line, as JSON: a setting's value in a note.
    var compact: String {
        switch self {
        case .object(let members):
            "{" + members.map { JSONString.quoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .string(let text): JSONString.quoted(text)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    private func rendered(_ layout: Layout, indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            let ordered = layout == .xcode ? members.sorted { $0.key.lowercased() < $1.key.lowercased() } : members
            let colon = layout == .xcode ? " : " : ": "
            let lines = ordered.map { inner + JSONString.quoted($0.key) + colon + $0.value.rendered(layout, indent: inner) }
            return Self.enclosed(lines, "{", "}", indent: indent, layout: layout)
        case .array(let elements):
            let lines = elements.map { inner + $0.rendered(layout, indent: inner) }
            return Self.enclosed(lines, "[", "]", indent: indent, layout: layout)
        default:
            return compact
        }
    }

    private static func enclosed(_ lines: [String], _ open: String, _ close: String, indent: String, layout: Layout) -> String {
        guard !lines.isEmpty else { return layout == .xcode ? open + "\n\n" + indent + close : open + close }
        return open + "\n" + lines.joined(separator: ",\n") + "\n" + indent + close
    }
}
