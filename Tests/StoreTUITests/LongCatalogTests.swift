import Foundation
import IAPCore
import Simulator
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
}
