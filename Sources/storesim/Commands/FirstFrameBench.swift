import Bench
import Foundation
import IAPCore
import ReadSide
import StoreTUI
import WorldCore

/// The TUI's first frame in a world with a long timeline: the world opened, its recent history
/// read from the end of `events.log` as the interface reads it, the app launched and the first
/// frame drawn, into a terminal that then quits.
enum FirstFrameBench {
    static func millis(_ directory: DataDirectory, catalog: Catalog) throws(BenchError) -> Double {
        try BenchError.attempt("the TUI's first frame") {
            let terminal = FirstFrameTerminal()
            let clock = ContinuousClock()
            let start = clock.now
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            let history = try EventLog.readLast(TUIState.timelineLimit, path: directory.events)
            try TUIApp(readModel: ReadModel(world), terminal: terminal, locale: "en_US", history: history).run()
            guard let drawn = terminal.firstDrawn else { throw BenchError("the TUI drew no frame") }
            return BenchClock.micros(of: drawn - start) / 1000
        }
    }
}

/// A terminal that keeps when the first frame arrived and answers every read with `q`.
private final class FirstFrameTerminal: TerminalIO {
    private(set) var firstDrawn: ContinuousClock.Instant?
    let size = (columns: 200, rows: 60)
    let elapsedMillis: Int64 = 0

    func draw(_ buffer: CellBuffer) {
        firstDrawn = firstDrawn ?? ContinuousClock().now
    }

    func readInput(timeoutMillis: Int32) -> InputEvent? {
        .key(.character("q"))
    }
}
