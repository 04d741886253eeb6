import Foundation
import IAPCore
import ReadSide
import Testing
@testable import StoreTUI

/// A catalog far longer than the screen scrolls with the selection and leaves the timeline room.
@Suite struct LongCatalogTests {
    static let products = (1...5000).map { index in
        Product(id: "com.example.item\(index)", type: .consumable, referenceName: "Item \(index)", price: 1,
                localizations: [:], grant: ["coins": 1])
    }

    private func view() -> WorldView {
        var view = WorldViewFixture.view(products: Self.products.map { CatalogRow(product: $0, invalid: false, holding: .none) })
        view.catalog = Catalog(storefront: WorldViewFixture.catalog.storefront, products: Self.products)
        return view
    }

    @Test(arguments: [24, 40])
    func theSelectionStaysOnScreenAndEnterOpensTheProductShown(rows: Int) throws {
        let view = view()
        var state = TUIState(columns: 80, rows: rows)
        for (presses, key) in [(700, Key.down), (3, .up), (4400, .down), (20, .up)] {
            for _ in 0..<presses { _ = TUIUpdate.update(&state, .input(.key(key)), model: view) }
            let screen = Screen.render(state, view).textRows
            let selected = try #require(screen.first { $0.hasPrefix("▶ ") }, "the ▶ is on screen")
            #expect(selected.hasPrefix("▶ Item \(state.selection + 1) "))
            #expect(screen.contains { $0.hasPrefix("Timeline") }, "the timeline stays on screen")
            #expect(screen[3].hasPrefix("Catalog \(state.selection + 1) of 5000"))
            var sheet = state
            _ = TUIUpdate.update(&sheet, .input(.key(.enter)), model: view)
            #expect(sheet.mode == .sheet(productId: "com.example.item\(state.selection + 1)"))
        }
        #expect(state.selection == 5000 - 1 - 20)
    }

    /// A world whose catalog has 5,000 products: the rows on screen are made from the world's
    /// own history (what the Server credited), read again after the purchase changed it.
    @Test func aPurchaseFarDownABigCatalogShowsOnItsRow() throws {
        let builtIn = BuiltInCatalog.catalog()
        let added = (builtIn.products.count..<5000).map { index in
            Product(id: "com.example.item\(index)", type: .consumable, referenceName: "Item \(index)", price: 1,
                    localizations: [:], grant: ["coins": 1])
        }
        let world = try TUIWorld(catalog: Catalog(storefront: builtIn.storefront, products: builtIn.products + added))
        let frames = try world.session(.settle + Array(repeating: .key(.down), count: 300) + [.capture, .key(.enter), .key(.enter)]
            + .settle + [.capture, .key(.down), .capture], columns: 80, rows: 24)
        #expect(frames.count == 3)
        let before = try #require(frames.first)
        #expect(before[3].hasPrefix("Catalog 301 of 5000"))
        #expect(before.contains { catalogRow($0).hasPrefix("▶ Item 300 ") && catalogRow($0).hasSuffix("×0") })
        let bought = try #require(frames.dropFirst().first)
        #expect(bought[3].hasPrefix("Catalog 301 of 5000 — balance: coins 1"))
        #expect(bought.contains { catalogRow($0).hasPrefix("▶ Item 300 ") && catalogRow($0).hasSuffix("×1") })
        let next = try #require(frames.last)
        #expect(next.contains { catalogRow($0).hasPrefix("Item 300 ") && catalogRow($0).hasSuffix("×1") })
        #expect(next.contains { catalogRow($0).hasPrefix("▶ Item 301 ") && catalogRow($0).hasSuffix("×0") })
    }

    /// The catalog's part of a screen row (left of the panels), without its margins.
    private func catalogRow(_ row: String) -> String {
        String(row.prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces)
    }
}
