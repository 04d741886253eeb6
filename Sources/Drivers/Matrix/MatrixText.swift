import IAPCore
import ReadSide
import WorldCore

/// The strategy matrix as a table for a training room, or as the contract's JSON.
public enum MatrixText {
    /// The contract's JSON object; the fault and power-cut cells come under keys of their own.
    public static func json(_ matrix: StrategyMatrix) -> JSONText {
        func cells(_ keep: (MatrixCell.Trial) -> Bool, key: String) -> JSONText {
            .array(matrix.cells.filter { keep($0.trial) }.map { cell in
                .object([("strategy", .string(cell.strategy.rawValue)), (key, .string(cell.trial.name)),
                         ("outcome", .string(cell.outcome.rawValue)), ("why", .string(cell.why))])
            })
        }
        let api: [(String, JSONText)] = matrix.api == .storekit1 ? [] : [("api", .string(matrix.api.rawValue))]
        let notified: [(String, JSONText)] = matrix.api == .storekit1 ? [] : [
            ("notificationTrials", .array(StrategyMatrix.notifiedTrials.map { .string($0.name) })),
            ("notificationCells", cells({ if case .notified = $0 { return true } else { return false } }, key: "trial")),
        ]
        return .object(api + [
            ("strategies", .array(Strategy.allCases.map { .string($0.rawValue) })),
            ("crashPoints", .array(CrashPoint.allCases.map { .string($0.rawValue) })),
            ("cells", cells({ if case .crash = $0 { return true } else { return false } }, key: "crashPoint")),
            ("faults", .array(MatrixFault.allCases.map { .string($0.rawValue) })),
            ("faultCells", cells({ if case .fault = $0 { return true } else { return false } }, key: "fault")),
            ("powerCutCells", cells({ if case .powerCut = $0 { return true } else { return false } }, key: "crashPoint")),
            ("unsafeCache", .bool(matrix.unsafeCache)),
        ] + notified)
    }

    /// Two aligned tables — crashes (and faults), then power cuts — strategies down, points
    /// across; a legend; why each loss happened.
    public static func table(_ matrix: StrategyMatrix, colour: Bool) -> [String] {
        let crashTrials = StrategyMatrix.trials.filter { if case .powerCut = $0 { return false } else { return true } }
        let notifiedLines = matrix.api == .storekit1 ? [] : ["", "With App Store Server Notifications V2 (the Store posts to the Server; retries 1, 12, 24, 48, 72 h):"]
            + grid(matrix, trials: StrategyMatrix.notifiedTrials, colour: colour)
        let powerTrials = StrategyMatrix.trials.filter { if case .powerCut = $0 { return true } else { return false } }
        var lines = matrix.api == .storekit1 ? [] : ["StoreKit 2: the app sends the signed transaction; the Server verifies it offline.", ""]
        lines.append("The app crashes (its writes survive in the page cache):")
        lines += grid(matrix, trials: crashTrials, colour: colour)
        lines += ["", "The device loses power (writes not yet fsynced are lost)"
                  + (matrix.unsafeCache ? " — with --unsafe-cache, a TEACHING AID: the cache skips fsync:" : ":")]
        lines += grid(matrix, trials: powerTrials, colour: colour)
        lines += notifiedLines
        lines += [
            "",
            "recovered: credited exactly once after the relaunch   lost: paid, not credited after the relaunch; the app cannot recover it",
            "double: credited twice   n/a: the strategy's flow never reaches that point",
            "server-down / response-lost: the verify gets no answer, the app crashes, the Server comes back, relaunch",
        ] + (matrix.api == .storekit1 ? [] : [
            "down-4d: the Server is down for four days, past the last retry; down-4d+history: then it runs server history",
        ])
        let losses = matrix.cells.filter { $0.outcome == .lost || $0.outcome == .double }
        if !losses.isEmpty {
            lines.append("")
            lines += losses.map { "\(paint($0.outcome.rawValue, $0.outcome, colour)) \($0.strategy.rawValue) × \($0.trial.label): \($0.why)" }
        }
        return lines
    }

    private static func grid(_ matrix: StrategyMatrix, trials: [MatrixCell.Trial], colour: Bool) -> [String] {
        let columns = trials.map(\.name)
        let firstWidth = Strategy.allCases.map(\.rawValue.count).max() ?? 0
        let widths = columns.map { max($0.count, 9) }
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = [
            pad("", firstWidth) + " │ " + zip(columns, widths).map { pad($0, $1) }.joined(separator: "  ") + " │",
            String(repeating: "─", count: firstWidth) + "─┼─" + widths.map { String(repeating: "─", count: $0) }.joined(separator: "──") + "─┤",
        ]
        for strategy in Strategy.allCases {
            let row = trials.compactMap { trial in matrix.cells.first { $0.strategy == strategy && $0.trial == trial } }
            let texts = zip(row, widths).map { cell, width in paint(pad(cell.outcome.rawValue, width), cell.outcome, colour) }
            lines.append(pad(strategy.rawValue, firstWidth) + " │ " + texts.joined(separator: "  ") + " │")
        }
        return lines
    }

    /// `text` in the outcome's colour (green recovered, red lost, yellow double, dim n/a, magenta auto-refunded).
    static func paint(_ text: String, _ outcome: MatrixCell.Outcome, _ colour: Bool) -> String {
        guard colour else { return text }
        let code: String
        switch outcome {
        case .recovered: code = "32"
        case .lost: code = "1;31"
        case .double: code = "1;33"
        case .notApplicable: code = "2"
        case .autoRefunded: code = "35"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
