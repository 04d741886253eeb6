/// A JSON value as the catalog reader sees it: object members stay in file order (repeats
/// included, so they can be reported) and numbers keep their source text.
enum CatalogJSON {
    case object([(key: String, value: CatalogJSON)])
    case array([CatalogJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// What the value is, for messages like "expected a string, found a number".
    var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
