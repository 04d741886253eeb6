import Foundation
import Testing
@testable import IAPCore

@Suite("Storefronts and prices")
struct CatalogStorefrontTests {
    private func storefront(_ code: String) throws -> Storefront {
        try #require(Storefront.named(code))
    }

    private func price(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text))
    }

    @Test func knownStorefronts() throws {
        let table = ["USA": ("USD", "$", 2), "CHN": ("CNY", "¥", 2), "GBR": ("GBP", "£", 2), "JPN": ("JPY", "¥", 0),
                     "DEU": ("EUR", "€", 2), "FRA": ("EUR", "€", 2), "CAN": ("CAD", "$", 2), "AUS": ("AUD", "$", 2)]
        for (code, (currency, symbol, digits)) in table {
            let storefront = try storefront(code)
            #expect(storefront.code == code)
            #expect(storefront.currencyCode == currency)
            #expect(storefront.symbol == symbol)
            #expect(storefront.fractionDigits == digits)
        }
        #expect(Storefront.named("XYZ") == nil)
        #expect(Storefront.named("usa") == nil)
    }

    @Test func symbolDependsOnTheReadersRegion() throws {
        #expect(try storefront("USA").format(price("0.99"), locale: "en_US") == "$0.99")
        #expect(try storefront("USA").format(price("0.99"), locale: "zh_CN") == "US$0.99")
        #expect(try storefront("CHN").format(price("0.99"), locale: "en_US") == "¥0.99")
        #expect(try storefront("CHN").format(price("0.99"), locale: "zh_CN") == "¥0.99")
        #expect(try storefront("JPN").format(price("120"), locale: "en_US") == "¥120")
        #expect(try storefront("JPN").format(price("120"), locale: "ja_JP") == "¥120")
        #expect(try storefront("CAN").format(price("1.99"), locale: "en_US") == "CA$1.99")
        #expect(try storefront("CAN").format(price("1.99"), locale: "en_CA") == "$1.99")
        #expect(try storefront("AUS").format(price("1.99"), locale: "en_US") == "A$1.99")
        #expect(try storefront("GBR").format(price("0.79"), locale: "en_US") == "£0.79")
        #expect(try storefront("DEU").format(price("4.99"), locale: "en_US") == "€4.99")
        #expect(try storefront("FRA").format(price("4.99"), locale: "zh_CN") == "€4.99")
    }

    @Test func alwaysExactlyTheCurrencysDecimals() throws {
        let usa = try storefront("USA")
        #expect(usa.format(5, locale: "en_US") == "$5.00")
        #expect(try usa.format(price("1.5"), locale: "en_US") == "$1.50")
        #expect(try usa.format(price("0.995"), locale: "en_US") == "$1.00")
        #expect(try usa.format(price("0.994"), locale: "en_US") == "$0.99")
        #expect(usa.format(0, locale: "en_US") == "$0.00")
        #expect(try storefront("JPN").format(price("119.5"), locale: "en_US") == "¥120")
    }

    @Test func thousandsAreGroupedAndNegativesSigned() throws {
        let usa = try storefront("USA")
        #expect(try usa.format(price("1234567.5"), locale: "en_US") == "$1,234,567.50")
        #expect(try usa.format(price("999.99"), locale: "en_US") == "$999.99")
        #expect(try usa.format(price("1000"), locale: "en_US") == "$1,000.00")
        #expect(try storefront("JPN").format(price("12000"), locale: "en_US") == "¥12,000")
        #expect(try usa.format(price("-1"), locale: "en_US") == "-$1.00")
        #expect(try usa.format(price("-0.001"), locale: "en_US") == "$0.00")
    }
}
