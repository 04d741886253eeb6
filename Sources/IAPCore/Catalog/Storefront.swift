import Foundation

/// The App Store country a catalog sells in: its currency and how prices are written there.
public struct Storefront: Sendable, Equatable {
    /// Three-letter country code, e.g. `USA`.
    public let code: String
    /// ISO 4217 currency code, e.g. `USD`.
    public let currencyCode: String
    /// The symbol as written in the storefront's own country, e.g. `$`.
    public let symbol: String
    /// Decimals a price has in this currency (0 for yen).
    public let fractionDigits: Int
    /// Two-letter region of the storefront's country, matched against a locale's region.
    let region: String
    /// The symbol as written for readers elsewhere, where a bare one would be ambiguous (`US$`).
    let internationalSymbol: String
    /// Apple's `storefrontId`, the App Store's number for the storefront (`143441`, the USA).
    public let appleId: String

    /// Every storefront StoreSim knows, by code.
    static let all: [Storefront] = [
        Storefront(code: "USA", currencyCode: "USD", symbol: "$", fractionDigits: 2, region: "US", internationalSymbol: "US$", appleId: "143441"),
        Storefront(code: "CHN", currencyCode: "CNY", symbol: "¥", fractionDigits: 2, region: "CN", internationalSymbol: "¥", appleId: "143465"),
        Storefront(code: "GBR", currencyCode: "GBP", symbol: "£", fractionDigits: 2, region: "GB", internationalSymbol: "£", appleId: "143444"),
        Storefront(code: "JPN", currencyCode: "JPY", symbol: "¥", fractionDigits: 0, region: "JP", internationalSymbol: "¥", appleId: "143462"),
        Storefront(code: "DEU", currencyCode: "EUR", symbol: "€", fractionDigits: 2, region: "DE", internationalSymbol: "€", appleId: "143443"),
        Storefront(code: "FRA", currencyCode: "EUR", symbol: "€", fractionDigits: 2, region: "FR", internationalSymbol: "€", appleId: "143442"),
        Storefront(code: "CAN", currencyCode: "CAD", symbol: "$", fractionDigits: 2, region: "CA", internationalSymbol: "CA$", appleId: "143455"),
        Storefront(code: "AUS", currencyCode: "AUD", symbol: "$", fractionDigits: 2, region: "AU", internationalSymbol: "A$", appleId: "143460"),
    ]

    /// The United States storefront, the default.
    static let unitedStates = all[0]

    /// The storefront with this code (`USA`, `CHN`, `GBR`, `JPN`, `DEU`, `FRA`, `CAN`, `AUS`).
    public static func named(_ code: String) -> Storefront? {
        all.first { $0.code == code }
    }

    /// `price` in this storefront's currency for a reader in `locale` (`en_US`, `zh_CN`).
    ///
    /// The symbol always comes before the amount, the decimal separator is `.` and thousands
    /// are grouped with `,`, with exactly `fractionDigits` decimals (rounded half up). A locale
    /// whose region is not the storefront's sees the international symbol where the bare one
    /// is shared by several currencies: `$0.99` for USA in `en_US`, `US$0.99` in `zh_CN`,
    /// `CA$1.99` for CAN in `en_US`; `¥`, `£` and `€` stay as they are.
    public func format(_ price: Decimal, locale: String) -> String {
        let shownSymbol = Self.region(of: locale) == region ? symbol : internationalSymbol
        var rounded = Decimal()
        var magnitude = price.magnitude
        NSDecimalRound(&rounded, &magnitude, fractionDigits, .plain)
        let parts = rounded.description.split(separator: ".", omittingEmptySubsequences: false)
        let whole = Self.grouped(String(parts[0]))
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let paddedFraction = fraction.padding(toLength: fractionDigits, withPad: "0", startingAt: 0)
        let sign = price < 0 && rounded != 0 ? "-" : ""
        return sign + shownSymbol + whole + (fractionDigits > 0 ? "." + paddedFraction : "")
    }

    /// The region part of `en_US` or `zh-CN`, or "" when there is none.
    private static func region(of locale: String) -> String {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count > 1, let last = parts.last else { return "" }
        return last.uppercased()
    }

    /// `1234567` as `1,234,567`.
    private static func grouped(_ digits: String) -> String {
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
