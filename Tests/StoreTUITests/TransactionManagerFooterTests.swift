import Testing
@testable import StoreTUI

/// The transaction manager's footer shows every key it answers, at 80×24 as on a wide screen and
/// in both languages: on more rows when one does not hold them, generated from the keys' one
/// declaration; the status line stays above it and the panel ends above that.
@Suite struct TransactionManagerFooterTests {
    /// Every key the transaction manager answers, as the contract lists them (↑↓ moves in the
    /// list, Enter decodes, Esc goes back).
    static let keys = ["↑↓", "Enter", "a", "d", "r", "f", "n", "e", "w", "x", "g", "p", "b", "c", "v", "z", "i", "1/2/3", "Esc"]

    @Test(arguments: [(80, 24, "en_US"), (80, 24, "zh_CN"), (100, 30, "en_US"), (120, 30, "zh_CN"), (160, 40, "en_US"),
                      (240, 40, "en_US")])
    func everyKeyIsInTheFooter(columns: Int, rows: Int, locale: String) throws {
        var state = TUIState(columns: columns, rows: rows, locale: locale)
        state.mode = .transactions
        state.status = "the status line"
        let screen = Screen.render(state, WorldViewFixture.view()).textRows
        let bottom = try #require(screen.lastIndex { $0.contains("└") }, "\(screen.joined(separator: "\n"))")
        #expect(screen[bottom + 1].hasPrefix("the status line"), "\(columns)×\(rows) \(locale)")
        let footer = Array(screen[(bottom + 2)...])
        #expect(footer.count <= 3, "\(footer)")
        let tokens = Set(footer.flatMap { $0.split(separator: " ").map(String.init) })
        for key in Self.keys {
            #expect(tokens.contains(key), "\(key) in the footer at \(columns)×\(rows) \(locale):\n\(footer.joined(separator: "\n"))")
        }
        let language = Language(locale: locale)
        let text = footer.joined(separator: " ")
        for entry in KeyMap.transactions.footer(language) {
            #expect(text.contains(entry), "\(entry) whole, as declared")
        }
        #expect(KeyMap.transactions.bindings.allSatisfy { $0.footerText(language) != nil }, "no key is kept out of the footer")
    }

    @Test func theFooterTakesOneRowWhereTheKeysFitAndTheMainScreenKeepsOne() {
        let view = WorldViewFixture.view()
        var wide = TUIState(columns: 260, rows: 40)
        wide.mode = .transactions
        #expect(FooterView.height(wide, view) == 1)
        wide.mode = .main
        let narrow = TUIState(columns: 80, rows: 24)
        #expect(FooterView.height(narrow, view) == 1 && FooterView.height(wide, view) == 1)
        var manager = narrow
        manager.mode = .transactions
        #expect(FooterView.height(manager, view) == 3)
    }
}
