import IAPCore

/// The strategy matrix as a table for a training room, or as the contract's JSON.
public enum MatrixText {
    /// The contract's JSON object; the fault cells come under their own key.
    public static func json(_ matrix: StrategyMatrix) -> JSONText {
        func cell(_ cell: MatrixCell, key: String) -> JSONText {
            .object([("strategy", .string(cell.strategy.rawValue)), (key, .string(cell.trial.name)),
                     ("outcome", .string(cell.outcome.rawValue)), ("why", .string(cell.why))])
        }
        let crashCells = matrix.cells.filter { if case .crash = $0.trial { return true } else { return false } }
        let faultCells = matrix.cells.filter { if case .fault = $0.trial { return true } else { return false } }
        return .object([
            ("strategies", .array(Strategy.allCases.map { .string($0.rawValue) })),
            ("crashPoints", .array(CrashPoint.allCases.map { .string($0.rawValue) })),
            ("cells", .array(crashCells.map { cell($0, key: "crashPoint") })),
            ("faults", .array(MatrixFault.allCases.map { .string($0.rawValue) })),
            ("faultCells", .array(faultCells.map { cell($0, key: "fault") })),
        ])
    }

    /// Aligned rows: strategies down, crash points and faults across; a legend; why each loss.
    public static func table(_ matrix: StrategyMatrix, colour: Bool) -> [String] {
        let columns = CrashPoint.allCases.map(\.rawValue) + MatrixFault.allCases.map(\.rawValue)
        let firstWidth = Strategy.allCases.map(\.rawValue.count).max() ?? 0
        let widths = columns.map { max($0.count, 9) }
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = [
            pad("", firstWidth) + " │ " + zip(columns, widths).map { pad($0, $1) }.joined(separator: "  ") + " │",
            String(repeating: "─", count: firstWidth) + "─┼─" + widths.map { String(repeating: "─", count: $0) }.joined(separator: "──") + "─┤",
        ]
        for strategy in Strategy.allCases {
            let row = matrix.cells.filter { $0.strategy == strategy }
            let texts = zip(row, widths).map { cell, width in paint(pad(cell.outcome.rawValue, width), cell.outcome, colour) }
            lines.append(pad(strategy.rawValue, firstWidth) + " │ " + texts.joined(separator: "  ") + " │")
        }
        lines += [
            "",
            "recovered: credited exactly once after the relaunch   lost: paid, never credited, nothing left to recover",
            "double: credited twice   n/a: the strategy's flow never reaches that point",
            "server-down / response-lost: the verify gets no answer, the app crashes, the Server comes back, relaunch",
        ]
        let losses = matrix.cells.filter { $0.outcome == .lost || $0.outcome == .double }
        if !losses.isEmpty {
            lines.append("")
            lines += losses.map { "\(paint($0.outcome.rawValue, $0.outcome, colour)) \($0.strategy.rawValue) × \($0.trial.name): \($0.why)" }
        }
        return lines
    }

    private static func paint(_ text: String, _ outcome: MatrixCell.Outcome, _ colour: Bool) -> String {
        guard colour else { return text }
        let code: String
        switch outcome {
        case .recovered: code = "32"
        case .lost: code = "1;31"
        case .double: code = "1;33"
        case .notApplicable: code = "2"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
