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
        do {
            return try storefront.price(written: text)
        } catch {
            throw issue(error.problem)
        }
    }
}

/// Why a written price is not one the storefront takes.
public struct PriceProblem: Error, Sendable {
    public let problem: String
}

extension Storefront {
    /// A price written as a decimal (`0.99`): digits with at most one `.`, no sign, no exponent,
    /// no leading zeros, and no more decimals than the currency has.
    public func price(written text: String) throws(PriceProblem) -> Decimal {
        let isNegative = text.hasPrefix("-")
        let unsigned = isNegative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, parts.allSatisfy(isDigits), parts[0] == "0" || parts[0].first != "0" else {
            throw PriceProblem(problem: "\(LineText.quoted(text)) is not a decimal price like \"0.99\"")
        }
        guard !isNegative else { throw PriceProblem(problem: "must not be negative") }
        guard parts[0].count <= CatalogField.maxPriceWholeDigits else {
            throw PriceProblem(problem: "too large: at most \(CatalogField.maxPriceWholeDigits) digits before the decimal point")
        }
        let decimals = parts.count == 2 ? parts[1].count : 0
        guard decimals <= fractionDigits else {
            throw PriceProblem(problem: fractionDigits == 0
                ? "\(currencyCode) prices are whole numbers, without decimals"
                : "\(currencyCode) prices have at most \(fractionDigits) decimals")
        }
        guard let price = Decimal(string: unsigned, locale: Locale(identifier: "en_US_POSIX")) else {
            throw PriceProblem(problem: "\(LineText.quoted(text)) is not a decimal price like \"0.99\"")
        }
        return price
    }
}
