import IAPCore
import Testing
@testable import Simulator

/// The matrix shows exactly the loss windows DESIGN.md predicts, from real runs.
@Suite struct StrategyMatrixTests {
    @Test func onlyThePredictedWindowsLoseMoney() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        #expect(matrix.cells.count == Strategy.allCases.count * (CrashPoint.allCases.count + MatrixFault.allCases.count))
        func names(_ outcome: MatrixCell.Outcome) -> Set<String> {
            Set(matrix.cells.filter { $0.outcome == outcome }.map { "\($0.strategy.rawValue) × \($0.trial.name)" })
        }
        #expect(names(.lost) == [
            "finish-then-cache × finished", "finish-first × finished", "finish-first × server-down",
        ])
        #expect(names(.notApplicable) == ["queue-only × cached", "finish-first × cached"])
        #expect(names(.double).isEmpty)
        let lostWhy = try #require(matrix.cells.first { $0.strategy == .finishThenCache && $0.trial == .crash(.finished) })
        #expect(lostWhy.why == "finished before the receipt was saved; the Store will not redeliver it")
    }

    @Test func tableHasALegendAndExplainsEachLoss() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        let lines = MatrixText.table(matrix, colour: false)
        #expect(lines[0].contains("payment-sent") && lines[0].contains("response-lost"))
        let row = try #require(lines.first { $0.hasPrefix("finish-first ") })
        #expect(row.split(separator: " ").filter { $0 == "lost" }.count == 2)
        #expect(lines.contains { $0.hasPrefix("recovered: credited exactly once") })
        #expect(lines.contains("lost finish-first × server-down: finished at once, the verify got no answer (server-down) and no cache kept the receipt; the Store will not redeliver it"))
        let widths = Set(lines.prefix(6).map(\.count))
        #expect(widths.count == 1, "every row of the table has the same width")
    }
}
