import Foundation
import IAPCore
import ReadSide
@testable import StoreTUI
import Testing

/// The transaction manager makes the rows it shows, not one for every transaction of the history.
@Suite struct TransactionRowsTests {
    /// Counts the rows made; a test reads it after the frame.
    private final class Made: @unchecked Sendable {
        var count = 0
    }

    @Test func theTransactionManagerMakesOnlyTheRowsItShows() {
        let made = Made()
        let history = 10_000
        var view = WorldViewFixture.view()
        view.transactions = TransactionRows(count: history) { index in
            made.count += 1
            return WorldViewFixture.transaction(TransactionID(1_000_000_000_000_001 + Int64(index)), "com.storesim.coins.100")
        }
        #expect(view.queue.isEmpty, "every transaction is finished")
        made.count = 0
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        let screen = Screen.render(state, view).textRows
        #expect(state.panelSelection == history - 1, "the newest transaction is selected")
        #expect(screen.contains { $0.contains("1000000000010000") && $0.contains("purchased") })
        #expect(!screen.contains { $0.contains("1000000000000001 ") })
        #expect(made.count < 3 * state.rows, "opening the manager and its frame of 30 rows made \(made.count) of \(history) rows")
    }
}
