import Foundation
import IAPCore
import WorldCore

/// Why the words of a line are not the command they look like, in words for the script's author.
struct CommandProblem: Error, Equatable, Sendable {
    let problem: String
    /// The product named that the catalog lacks, when that is the problem.
    var unknownProduct: String? = nil
}

/// Reads a command's arguments in order, each checked against what it must be, with a message
/// that says what was expected.
struct ArgumentReader {
    let catalog: Catalog
    /// The store the script's world sells on: strategies and crash points are read in its words.
    let store: StoreKind
    private var remaining: ArraySlice<String>

    init(_ arguments: [String], catalog: Catalog, store: StoreKind = .appStore) {
        self.catalog = catalog
        self.store = store
        remaining = arguments[...]
    }

    /// The next argument as written, or nil when an optional one was left out.
    mutating func optionalWord() -> String? {
        remaining.popFirst()
    }

    /// The next argument as written.
    mutating func word() -> String {
        remaining.popFirst() ?? ""
    }

    /// A product of the catalog.
    mutating func product() throws(CommandProblem) -> String {
        let id = word()
        guard catalog.product(id: id) != nil else {
            throw CommandProblem(problem: "unknown product '\(id)'" + NearWords(id, among: catalog.products.map(\.id)).hint, unknownProduct: id)
        }
        return id
    }

    /// An auto-renewable subscription of the catalog.
    mutating func subscription() throws(CommandProblem) -> String {
        let id = try product()
        guard catalog.type(ofProduct: id) == .autoRenewable else {
            throw CommandProblem(problem: "\(id) is not an auto-renewable subscription")
        }
        return id
    }

    /// A price in the catalog storefront's currency, above zero (`3.49`).
    mutating func price() throws(CommandProblem) -> Decimal {
        let text = word()
        let price: Decimal
        do {
            price = try catalog.storefront.price(written: text)
        } catch {
            throw CommandProblem(problem: "bad price '\(text)': \(error.problem)")
        }
        guard price > 0 else { throw CommandProblem(problem: "bad price '\(text)': must be above zero") }
        return price
    }

    /// A transaction id: digits as the Store writes them (no leading zero), small enough to be one.
    mutating func transaction() throws(CommandProblem) -> TransactionID {
        let text = word()
        guard let id = TransactionID(text) else {
            throw CommandProblem(problem: "'\(text)' is not a transaction id")
        }
        return id
    }

    /// What a refund names: a transaction when the word is a number, else a product.
    mutating func refundTarget() throws(CommandProblem) -> ScenarioCommand.RefundTarget {
        guard let text = remaining.first, text.first?.isNumber == true else { return .product(try product()) }
        return .transaction(try transaction())
    }

    /// What a Google Play refund names: an order when the word starts `GPA.`, else a product.
    mutating func playOrderTarget() throws(CommandProblem) -> ScenarioCommand.RefundTarget {
        guard let text = remaining.first, text.hasPrefix("GPA.") else { return .product(try product()) }
        _ = word()
        guard let order = PlayOrderID(text) else {
            throw CommandProblem(problem: "'\(text)' is not an order id: GPA. and 17 digits, the first not 0, as GPA.1234-5678-9012-34567; "
                                 + "a subscription's renewal adds ..N, N from 0 to \(PlayOrderID.maximumRenewal), as GPA.1234-5678-9012-34567..0")
        }
        return .transaction(order.transactionId)
    }

    /// An outside server's URL, `http://` or `https://` with a host; nil for the word `none`
    /// (`off`, `built-in`).
    mutating func outsideURL(or none: String) throws(CommandProblem) -> String? {
        let text = word()
        guard text != none else { return nil }
        if let problem = OutsideURL.problem(text) { throw CommandProblem(problem: problem + "; expected URL or \(none)") }
        return text
    }

    /// One of two words, for a switch: `on`/`off`, `online`/`offline`, `full`/`ok`, `yes`/`no`.
    mutating func toggle(on: String, off: String) throws(CommandProblem) -> Bool {
        let text = word()
        if text == on { return true }
        if text == off { return false }
        throw CommandProblem(problem: "expected '\(on)' or '\(off)', found '\(text)'")
    }

    /// One value of a set named by its words, such as a strategy or a crash point.
    mutating func choice<Value: RawRepresentable>(_ values: [Value], _ what: String) throws(CommandProblem) -> Value
    where Value.RawValue == String {
        try Self.choice(word(), values, what)
    }

    /// An optional last argument that is one value of a set, or nil when it was left out.
    mutating func optionalChoice<Value: RawRepresentable>(_ values: [Value], _ what: String) throws(CommandProblem) -> Value?
    where Value.RawValue == String {
        guard let text = optionalWord() else { return nil }
        return try Self.choice(text, values, what)
    }

    private static func choice<Value: RawRepresentable>(_ text: String, _ values: [Value], _ what: String) throws(CommandProblem) -> Value
    where Value.RawValue == String {
        guard let value = values.first(where: { $0.rawValue == text }) else {
            throw CommandProblem(problem: "unknown \(what) '\(text)'" + NearWords(text, among: values.map(\.rawValue)).hint)
        }
        return value
    }

    /// A whole number of zero or more, or nil when an optional one was left out.
    mutating func optionalCount() throws(CommandProblem) -> Int? {
        remaining.isEmpty ? nil : try count()
    }

    /// A whole number of zero or more.
    mutating func count() throws(CommandProblem) -> Int {
        let text = word()
        guard let number = Int(text), number >= 0 else {
            throw CommandProblem(problem: "'\(text)' is not a whole number of zero or more")
        }
        return number
    }

    /// A number of messages to deliver.
    mutating func messageCount() throws(CommandProblem) -> Int {
        let text = word()
        guard let count = Int(text), count > 0, count <= 1_000_000 else {
            throw CommandProblem(problem: "'\(text)' is not a number of messages from 1 to 1000000")
        }
        return count
    }

    /// A duration such as `90s`, `45m`, `36h` or `30d`, in seconds; at most `longestAdvanceDays`.
    mutating func duration() throws(CommandProblem) -> Int64 {
        let text = word()
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last, let scale = units[unit], let amount = Int64(text.dropLast()), amount > 0 else {
            throw CommandProblem(problem: "bad duration '\(text)'; expected a positive number and s, m, h or d, like 90s or 30d")
        }
        guard amount <= Self.longestAdvanceDays * 86400 / scale else {
            throw CommandProblem(problem: """
                duration '\(text)' is too long: one advance moves the clock at most \(Self.longestAdvanceDays)d (a century), \
                as every renewal on the way is lived message by message; split a longer span into several advances
                """)
        }
        return amount * scale
    }

    /// The longest `advance`: a century, far beyond any subscription's life a scenario shows,
    /// while a longer one (each renewal on the way lived in turn) would only fill the timeline.
    static let longestAdvanceDays: Int64 = 36_500
}
