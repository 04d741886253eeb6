import Foundation
import IAPCore
import WorldCore

/// A JSON value that prints its object keys in the order they were given (JSONEncoder does not
/// promise an order, and the contract shows one).
public indirect enum JSONText: Sendable, Equatable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case int(Int)
    /// A number shown with two decimals (a mean, say), for figures a whole number would blur.
    case decimal(Double)
    case bool(Bool)
    case null
    /// JSON text already written, inserted as it is: an answer the Server received as JSON.
    case verbatim(String)

    public static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        lhs.rendered == rhs.rendered
    }

    /// The value as compact JSON text with a space after each colon and comma.
    public var rendered: String {
        switch self {
        case .object(let members):
            return "{" + members.map { "\(JSONString.quoted($0.0)): \($0.1.rendered)" }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(\.rendered).joined(separator: ", ") + "]"
        case .string(let text): return JSONString.quoted(text)
        case .int(let number): return String(number)
        case .decimal(let number): return number.isFinite ? String(format: "%.2f", number) : "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .verbatim(let json): return json
        }
    }
}
