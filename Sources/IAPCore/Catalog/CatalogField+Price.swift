import Foundation

extension CatalogField {
    /// The most digits before the decimal point a price may have.
    static let maxPriceWholeDigits = 9

    /// A price written as a decimal string (`"0.99"`): digits with at most one `.`, no sign,
    /// no exponent, no leading zeros, and no more decimals than `storefront`'s currency has.
    func price(in storefront: Storefront) throws(CatalogIssue) -> Decimal {
        guard case .string(let text) = value else {
            throw issue("expected a decimal string like \"0.99\", found \(value.kind)")
        }
        let isNegative = text.hasPrefix("-")
        let unsigned = isNegative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, parts.allSatisfy(isDigits), parts[0] == "0" || parts[0].first != "0" else {
            throw issue("\(LineText.quoted(text)) is not a decimal price like \"0.99\"")
        }
        guard !isNegative else { throw issue("must not be negative") }
        guard parts[0].count <= Self.maxPriceWholeDigits else {
            throw issue("too large: at most \(Self.maxPriceWholeDigits) digits before the decimal point")
        }
        let decimals = parts.count == 2 ? parts[1].count : 0
        guard decimals <= storefront.fractionDigits else {
            throw issue(storefront.fractionDigits == 0
                ? "\(storefront.currencyCode) prices are whole numbers, without decimals"
                : "\(storefront.currencyCode) prices have at most \(storefront.fractionDigits) decimals")
        }
        guard let price = Decimal(string: unsigned, locale: Locale(identifier: "en_US_POSIX")) else {
            throw issue("\(LineText.quoted(text)) is not a decimal price like \"0.99\"")
        }
        return price
    }
}
