import Foundation
import Testing
@testable import IAPCore

@Suite("Catalog documents: JSON syntax and the top level")
struct CatalogDocumentTests {
    private let product = CatalogFixture.product()

    @Test func notJSON() {
        expectCatalogError("storefront: USA", path: "$", problem: "not valid JSON: unexpected 's' at line 1, column 1")
        expectCatalogError("{\"storefront\": \"USA\",,}", path: "$", problem: "not valid JSON: expected a key in double quotes")
        expectCatalogError("{\"products\": [1 2]}", path: "$", problem: "expected ',' or ']' in an array at line 1, column 17")
        expectCatalogError("{\"a\": 01}", path: "$", problem: "not valid JSON: expected ',' or '}'")
        expectCatalogError("{\"a\": tru}", path: "$", problem: "not valid JSON: expected true at line 1, column 7")
        expectCatalogError("{\"a\": nul", path: "$", problem: "not valid JSON: expected null")
        expectCatalogError("{} {}", path: "$", problem: "not valid JSON: unexpected text after the JSON value")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let text = "{\n  \"storefront\": \"USA\",\n  \"products\": [}\n}\n"
        expectCatalogError(text, path: "$", problem: "not valid JSON: unexpected '}' at line 3, column 16")
        expectCatalogError("{\n  \"标题\": x", path: "$", problem: "at line 2, column 9")
    }

    @Test func truncated() {
        let full = CatalogFixture.document([product])
        for length in [1, full.count / 3, full.count / 2, full.count - 1] {
            expectCatalogError(String(full.prefix(length)), path: "$", problem: "not valid JSON: unexpected end of input")
        }
        expectCatalogError("{\"storefront\": \"US", path: "$", problem: "unexpected end of input (unterminated string) at line 1, column 19")
    }

    @Test func empty() {
        expectCatalogError("", path: "$", problem: "not valid JSON: the file is empty")
        expectCatalogError(" \n\t ", path: "$", problem: "not valid JSON: the file is empty")
    }

    @Test func badStrings() {
        expectCatalogError("{\"a\": \"tab\there\"}", path: "$", problem: "control character in a string")
        expectCatalogError("{\"a\": \"\\x\"}", path: "$", problem: "unknown escape \\x")
        expectCatalogError("{\"a\": \"\\ud800\"}", path: "$", problem: "unpaired surrogate")
        expectCatalogError("{\"a\": \"\\u12\"}", path: "$", problem: "expected four hex digits")
        var invalidUTF8 = Data("{\"storefront\": \"".utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28])
        invalidUTF8.append(contentsOf: Data("\"}".utf8))
        #expect(CatalogFixture.error(invalidUTF8)?.problem.contains("not valid UTF-8") == true)
    }

    @Test func escapesAndByteOrderMarkAreRead() throws {
        let title = #"Coins \"gold\" \u00e9 \ud83e\ude99 \/ \\"#
        let text = CatalogFixture.document([product]).replacingOccurrences(of: "\"Title\"", with: "\"\(title)\"")
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(text.utf8))
        let catalog = try CatalogParser.parse(data, file: "bom.json")
        #expect(catalog.products.first?.title(locale: "en_US") == "Coins \"gold\" é 🪙 / \\")
    }

    @Test func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        expectCatalogError(deep, path: "$", problem: "nesting deeper than 64 levels")
        expectCatalogError(String(repeating: "{\"a\":", count: 100_000), path: "$", problem: "nesting deeper than 64 levels")
        let sixtyFive = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        expectCatalogError(sixtyFive, path: "$", problem: "nesting deeper than 64 levels")
        let sixtyFour = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        expectCatalogError(sixtyFour, path: "$", problem: "expected an object, found an array")
        let hidden = CatalogFixture.document([product]).replacingOccurrences(of: "\"coins\":10", with: "\"coins\":" + sixtyFive)
        expectCatalogError(hidden, path: "$", problem: "nesting deeper than 64 levels")
    }

    @Test func topLevelMustBeAnObject() {
        expectCatalogError("[]", path: "$", problem: "expected an object, found an array")
        expectCatalogError("\"USA\"", path: "$", problem: "expected an object, found a string")
    }

    @Test func unknownTopLevelKey() {
        expectCatalogError(CatalogFixture.document([product], ["colour": "red"]), path: "$.colour", problem: "unknown key")
        expectCatalogError(CatalogFixture.document([product], ["two words": 1]), path: "$[\"two words\"]", problem: "unknown key")
    }

    @Test func repeatedKey() {
        let text = #"{"storefront": "USA", "storefront": "CHN", "products": []}"#
        expectCatalogError(text, path: "$.storefront", problem: "key appears more than once")
    }

    @Test func storefront() {
        let missing = CatalogFixture.json(["products": [product]])
        expectCatalogError(missing, path: "$.storefront", problem: "missing required key")
        expectCatalogError(CatalogFixture.document([product], storefront: 840), path: "$.storefront", problem: "expected a string, found a number")
        expectCatalogError(CatalogFixture.document([product], storefront: "XYZ"), path: "$.storefront", problem: "unknown storefront \"XYZ\" (expected one of USA, CHN")
        expectCatalogError(CatalogFixture.document([product], storefront: ""), path: "$.storefront", problem: "must not be empty")
    }

    @Test func products() {
        expectCatalogError(CatalogFixture.json(["storefront": "USA"]), path: "$.products", problem: "missing required key")
        expectCatalogError(CatalogFixture.document([]), path: "$.products", problem: "must list at least one product")
        expectCatalogError(CatalogFixture.json(["storefront": "USA", "products": ["a": 1]]), path: "$.products", problem: "expected an array, found an object")
        expectCatalogError(CatalogFixture.document([product, "com.x"]), path: "$.products[1]", problem: "expected an object, found a string")
        expectCatalogError(CatalogFixture.document([NSNull()]), path: "$.products[0]", problem: "expected an object, found null")
    }

    @Test func duplicateId() {
        let other = CatalogFixture.product(.nonConsumable, ["id": product["id"] as Any, "price": "1"])
        expectCatalogError(
            CatalogFixture.document([product, CatalogFixture.product(.nonRenewing), other]),
            path: "$.products[2].id", problem: "duplicate id \"com.test.consumable\", already used by $.products[0]"
        )
    }

    @Test func firstErrorWins() {
        let broken = CatalogFixture.product(.consumable, ["price": 1, "referenceName": ""])
        expectCatalogError(CatalogFixture.document([broken, ["id": 1]]), path: "$.products[0].referenceName", problem: "must not be empty")
    }
}
