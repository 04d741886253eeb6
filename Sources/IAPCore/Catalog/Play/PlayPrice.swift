import Foundation

/// A price as Google Play's Developer API writes it, read into and written from the storefront's
/// decimal price: a one-time product's `Price` (`priceMicros`, "Price in 1/million of the
/// currency base unit, represented as a string", and `currency`) and a base plan's `Money`
/// (`currencyCode`, `units` "The whole units of the amount", and `nanos` "Number of nano
/// (10^-9) units of the amount"; Google leaves out a part that is zero).
enum PlayPrice {
    /// The price in a `Price` object, which must be in `storefront`'s currency.
    static func micros(_ field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> Decimal {
        let object = try field.object(allowedKeys: ["priceMicros", "currency"])
        try currency(object.required("currency"), storefront: storefront)
        let microsField = try object.required("priceMicros")
        let micros = try digits(microsField)
        return try decimal(whole: micros.dropLast(6), fraction: micros.suffix(6).leftPadded(to: 6), at: microsField, storefront: storefront)
    }

    /// The price in a `Money` object, which must be in `storefront`'s currency.
    static func money(_ field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> Decimal {
        let object = try field.object(allowedKeys: ["currencyCode", "units", "nanos"])
        try currency(object.required("currencyCode"), storefront: storefront)
        let units = try object.optional("units").map { field throws(CatalogIssue) in try digits(field) } ?? "0"
        let nanos = try object.optional("nanos")?.integer(in: 0...999_999_999) ?? 0
        return try decimal(whole: Substring(units), fraction: String(nanos).leftPadded(to: 9), at: field, storefront: storefront)
    }

    /// `price` as a `Price` object in `storefront`'s currency.
    static func microsObject(_ price: Decimal, storefront: Storefront) -> CatalogJSON {
        let (whole, fraction) = parts(of: price)
        let micros = (whole == "0" ? "" : whole) + fraction.padding(toLength: 6, withPad: "0", startingAt: 0)
        let trimmed = micros.drop { $0 == "0" }
        return .object([("priceMicros", .string(trimmed.isEmpty ? "0" : String(trimmed))), ("currency", .string(storefront.currencyCode))])
    }

    /// `price` as a `Money` object in `storefront`'s currency.
    static func moneyObject(_ price: Decimal, storefront: Storefront) -> CatalogJSON {
        let (whole, fraction) = parts(of: price)
        let nanos = Int(fraction.padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
        return .object([("currencyCode", .string(storefront.currencyCode)), ("units", .string(whole)), ("nanos", .number(String(nanos)))])
    }

    private static func currency(_ field: CatalogField, storefront: Storefront) throws(CatalogIssue) {
        let code = try field.string()
        guard code == storefront.currencyCode else {
            throw field.issue("\(LineText.quoted(code)) is not \(storefront.currencyCode), the currency of the storefront \(storefront.code)")
        }
    }

    /// A string of decimal digits, as Google writes an int64.
    private static func digits(_ field: CatalogField) throws(CatalogIssue) -> String {
        guard case .string(let text) = field.value, !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw field.issue("expected a whole number of digits in a string, like \"990000\"")
        }
        return text
    }

    /// `whole.fraction` as the storefront's price, its trailing zeros dropped.
    private static func decimal(whole: Substring, fraction: String, at field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> Decimal {
        let leading = whole.drop { $0 == "0" }
        let decimals = fraction.reversed().drop { $0 == "0" }.reversed()
        let text = (leading.isEmpty ? "0" : String(leading)) + (decimals.isEmpty ? "" : "." + String(decimals))
        do {
            return try storefront.price(written: text)
        } catch {
            throw field.issue("\(text): \(error.problem)")
        }
    }

    /// The whole and fraction digits of a price as StoreSim writes it (`0.99` → `0`, `99`).
    private static func parts(of price: Decimal) -> (whole: String, fraction: String) {
        let parts = "\(price)".split(separator: ".", maxSplits: 1).map(String.init)
        return (parts.first ?? "0", parts.count == 2 ? parts[1] : "")
    }
}

private extension StringProtocol {
    /// The text with `0`s before it up to `length` characters.
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: Swift.max(0, length - count)) + self
    }
}
