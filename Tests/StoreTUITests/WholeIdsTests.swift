import Foundation
import Testing
@testable import StoreTUI

/// A transaction id is shown whole at 80 and 100 columns: the timeline wraps an event's words
/// onto the rows below rather than cutting them.
@Suite struct WholeIdsTests {
    /// A purchase, then an Ask to Buy the parent declines.
    private let declined: [ScriptedTerminal.Step] = .settle + [.key(.enter), .key(.enter)] + .settle
        + [.key(.down), .key(.down), .key(.enter), .key(.character("a"))] + .settle
        + [.key(.character("t")), .key(.character("d"))] + .settle + [.key(.escape), .capture]

    /// Every run of digits long enough to be the start of an id.
    private func idRuns(_ row: String) -> [Substring] {
        row.split { !$0.isNumber }.filter { $0.count >= 10 }
    }

    @Test(arguments: [80, 100])
    func idsAndReasonsAreWhole(columns: Int) throws {
        let screen = try #require(try TUIWorld().session(declined, columns: columns).first)
        let text = screen.joined(separator: "\n")
        let runs = screen.flatMap(idRuns)
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.count == 16 }, "\(text)")
        #expect(!screen.contains { $0.contains("1000000000000…") || $0.contains("100000000000…") }, "\(text)")
        let failed = try #require(screen.firstIndex { $0.contains("failed com.storesim.pro") }, "\(text)")
        let column = try #require(screen[failed].range(of: "failed")).lowerBound.utf16Offset(in: screen[failed])
        let told = screen[failed...].prefix(3).map { $0.dropFirst(column).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(told.contains("(declined by the parent)"), "\(text)")
    }
}
