import Foundation
import IAPCore
import ReadSide
import Testing
@testable import StoreTUI

/// Display widths come from the C library's Unicode tables; bidirectional controls are escaped.
@Suite struct DisplayWidthTests {
    @Test func widthsFollowTheUnicodeTables() {
        #expect(DisplayWidth.of(Character("🚀")) == 2)
        #expect(DisplayWidth.of(Character("✅")) == 2)
        #expect(DisplayWidth.of(Character("中")) == 2)
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character("\u{200D}")) == 0, "a zero-width joiner")
        #expect(DisplayWidth.of(Character("\u{0301}")) == 0, "a combining mark on its own")
        #expect(DisplayWidth.of("e\u{0301}") == 1, "a letter and its combining accent")
        #expect(DisplayWidth.of("👩\u{200D}💻") == 2, "an emoji sequence joined by a ZWJ")
        #expect(DisplayWidth.of("Go 🚀 ✅") == 8)
    }

    @Test func theProcessLocaleDoesNotChangeTheWidths() {
        let saved = String(cString: setlocale(LC_CTYPE, nil))
        defer { setlocale(LC_CTYPE, saved) }
        setlocale(LC_CTYPE, "C")
        #expect(DisplayWidth.of(Character("✅")) == 2)
        #expect(DisplayWidth.of(Character("\u{0301}")) == 0)
    }

    @Test func wideAndZeroWidthCharactersTakeTheirCellsOnScreen() {
        var buffer = CellBuffer(columns: 12, rows: 1)
        buffer.put("🚀✅e\u{0301}👩\u{200D}💻|", x: 0, y: 0)
        #expect(buffer[x: 0, y: 0].text == "🚀" && buffer[x: 1, y: 0].text.isEmpty)
        #expect(buffer[x: 2, y: 0].text == "✅" && buffer[x: 3, y: 0].text.isEmpty)
        #expect(buffer[x: 4, y: 0].text == "e\u{0301}")
        #expect(buffer[x: 7, y: 0].text == "|")
    }

    @Test func aRightToLeftOverrideInATitleIsShownEscaped() {
        let evil = Product(id: "com.example.evil", type: .consumable, referenceName: "Free\u{202E}99.0$ Coins", price: 1,
                           localizations: [:], grant: ["coins": 1])
        let catalog = Catalog(storefront: WorldViewFixture.catalog.storefront, products: [evil])
        var view = WorldViewFixture.view(products: [CatalogRow(product: evil, invalid: false, holding: .none)])
        view.catalog = catalog
        let screen = Screen.render(TUIState(columns: 120, rows: 24), view).textRows
        #expect(screen[4].hasPrefix("▶ Free<U+202E>99.0$ Coins "), "\(screen[4])")
        #expect(!screen.joined().unicodeScalars.contains { $0.value == 0x202E })
    }
}
