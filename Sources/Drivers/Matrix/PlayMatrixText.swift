import IAPCore
import ReadSide
import WorldCore

/// The matrix on both stores as tables, one row per strategy and trial with the App Store's
/// outcome beside Google Play's, in Google Play's words; or as JSON (docs/reference/json.md).
public enum PlayMatrixText {
    /// `{"store": "play", …}`: the App Store matrix's keys in Google Play's words, each cell with
    /// both stores' outcomes (`appStore` with the App Store's own words, `play`), and `abandonedCells`.
    public static func json(_ matrix: PlayMatrix) -> JSONText {
        func cells(_ keep: (MatrixCell.Trial) -> Bool, key: String) -> JSONText {
            .array(matrix.pairs.filter { keep($0.trial) }.map { pair in
                var fields: [(String, JSONText)] = [("strategy", .string(pair.strategy.word(on: .play))),
                                                    (key, .string(pair.trial.name(on: .play)))]
                if case .abandoned(_, let notified) = pair.trial { fields.append(("notifications", .bool(notified))) }
                let appStore: [(String, JSONText)] = [("strategy", .string(pair.strategy.rawValue)), (key, .string(pair.trial.name)),
                                                      ("outcome", .string(pair.appStore.outcome.rawValue)), ("why", .string(pair.appStore.why))]
                let play: [(String, JSONText)] = [("outcome", .string(pair.play.outcome.rawValue)), ("why", .string(pair.play.why))]
                return .object(fields + [("appStore", .object(appStore)), ("play", .object(play))])
            })
        }
        return .object([
            ("store", .string(StoreKind.play.rawValue)),
            ("strategies", .array(Strategy.allCases.map { .string($0.word(on: .play)) })),
            ("crashPoints", .array(CrashPoint.allCases.map { .string($0.word(on: .play)) })),
            ("cells", cells({ if case .crash = $0 { return true } else { return false } }, key: "crashPoint")),
            ("faults", .array(MatrixFault.allCases.map { .string($0.rawValue) })),
            ("faultCells", cells({ if case .fault = $0 { return true } else { return false } }, key: "fault")),
            ("powerCutCells", cells({ if case .powerCut = $0 { return true } else { return false } }, key: "crashPoint")),
            ("abandonedCells", cells({ if case .abandoned = $0 { return true } else { return false } }, key: "crashPoint")),
            ("unsafeCache", .bool(matrix.unsafeCache)),
        ])
    }

    /// Four tables (crashes and faults, power cuts, abandoned without and with notifications), a
    /// legend, Google Play's words beside the App Store's, and why each cell that lost a sale did.
    public static func table(_ matrix: PlayMatrix, colour: Bool) -> [String] {
        func trials(_ keep: (MatrixCell.Trial) -> Bool) -> [MatrixCell.Trial] { PlayMatrix.trials.filter(keep) }
        var lines = ["Google Play beside the App Store: each cell is a real run on each store; Google Play's words.", ""]
        lines.append("The app crashes (its writes survive in the page cache), relaunched the same day:")
        lines += rows(matrix, trials { if case .crash = $0 { true } else if case .fault = $0 { true } else { false } }, colour: colour)
        lines += ["", "The device loses power (writes not yet fsynced are lost), relaunched the same day"
                  + (matrix.unsafeCache ? " — with --unsafe-cache, a TEACHING AID: the cache skips fsync:" : ":")]
        lines += rows(matrix, trials { if case .powerCut = $0 { true } else { false } }, colour: colour)
        lines += ["", "The app crashes and stays closed 4 days (past Google Play's three days to acknowledge), then launches:"]
        lines += rows(matrix, trials { isAbandoned($0, notified: false) }, colour: colour)
        lines += ["", "The same with the Server's notifications on (App Store Server Notifications; Google Play's real-time developer notifications):"]
        lines += rows(matrix, trials { isAbandoned($0, notified: true) }, colour: colour)
        lines += [
            "",
            "recovered: credited exactly once after the relaunch   lost: paid, not credited after the relaunch; the app cannot recover it",
            "double: credited twice   n/a: the strategy's flow never reaches that point",
            "auto-refunded: Google Play refunded and revoked it: nobody acknowledged it within three days of PURCHASED",
            "server-down / response-lost: the verify gets no answer, the app crashes, the Server comes back, relaunch",
            "Google Play's words (the App Store's): " + Strategy.allCases.map { "\($0.word(on: .play)) (\($0.rawValue))" }.joined(separator: ", "),
            "  " + CrashPoint.allCases.filter { $0.word(on: .play) != $0.rawValue }
                .map { "\($0.word(on: .play)) (\($0.rawValue))" }.joined(separator: ", "),
        ]
        let sales: [(String, MatrixCell)] = matrix.pairs.flatMap { [("App Store", $0.appStore), ("Google Play", $0.play)] }
            .filter { [.lost, .double, .autoRefunded].contains($0.1.outcome) }
        if !sales.isEmpty {
            lines.append("")
            lines += sales.map { store, cell in
                let words: StoreKind = store == "App Store" ? .appStore : .play
                return "\(MatrixText.paint(cell.outcome.rawValue, cell.outcome, colour)) on \(store): \(cell.strategy.word(on: words)) × "
                    + "\(cell.trial.label(on: words)): \(cell.why)"
            }
        }
        return lines
    }

    private static func isAbandoned(_ trial: MatrixCell.Trial, notified: Bool) -> Bool {
        if case .abandoned(_, notified) = trial { return true }
        return false
    }

    /// One row per strategy and trial: the strategy named on its first row, then the trial, the
    /// App Store's outcome, Google Play's.
    private static func rows(_ matrix: PlayMatrix, _ trials: [MatrixCell.Trial], colour: Bool) -> [String] {
        let strategyWidth = Strategy.allCases.map { $0.word(on: .play).count }.max() ?? 0
        let trialWidth = PlayMatrix.trials.map { $0.name(on: .play).count }.max() ?? 0
        let outcomeWidth = "auto-refunded".count
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = [
            pad("", strategyWidth + 2 + trialWidth) + " │ " + pad("App Store", outcomeWidth) + "  " + pad("Google Play", outcomeWidth) + " │",
            String(repeating: "─", count: strategyWidth + 2 + trialWidth) + "─┼─" + String(repeating: "─", count: 2 * outcomeWidth + 2) + "─┤",
        ]
        for strategy in Strategy.allCases {
            for (index, trial) in trials.enumerated() {
                guard let pair = matrix.pair(strategy, trial) else { continue }
                let outcomes = [pair.appStore.outcome, pair.play.outcome].map { MatrixText.paint(pad($0.rawValue, outcomeWidth), $0, colour) }
                lines.append(pad(index == 0 ? strategy.word(on: .play) : "", strategyWidth) + "  " + pad(trial.name(on: .play), trialWidth)
                             + " │ " + outcomes.joined(separator: "  ") + " │")
            }
        }
        return lines
    }
}
