import Foundation
import IAPCore
import ReadSide
import StoreTUI
import TestSupport
import WorldCore

/// A terminal in memory: plays a script of keys (nil = let a tick pass), keeps every frame,
/// and presses q when the script ends.
final class ScriptedTerminal: TerminalIO {
    enum Step {
        case key(Key)
        case tick
        case resize(Int, Int)
        /// Remember the frame on screen now.
        case capture
        /// Let this many real milliseconds pass (simulated time runs by them), then a tick.
        case elapse(Int64)
    }

    var size: (columns: Int, rows: Int)
    private var script: [Step]
    private(set) var captured: [CellBuffer] = []
    private(set) var elapsedMillis: Int64 = 0
    private var lastFrame: CellBuffer?

    init(columns: Int, rows: Int, script: [Step]) {
        size = (columns, rows)
        self.script = script
    }

    func draw(_ buffer: CellBuffer) {
        lastFrame = buffer
    }

    func readInput(timeoutMillis: Int32) -> InputEvent? {
        while !script.isEmpty {
            switch script.removeFirst() {
            case .key(let key): return .key(key)
            case .tick: return nil
            case .elapse(let millis):
                elapsedMillis += millis
                return nil
            case .resize(let columns, let rows):
                size = (columns, rows)
                return .resize(columns: columns, rows: rows)
            case .capture:
                if let lastFrame { captured.append(lastFrame) }
            }
        }
        return .key(.character("q"))
    }
}

/// A world in a temporary folder that scripted TUI sessions run against, one after another.
final class TUIWorld {
    let folder: TemporaryFolder
    let catalog: Catalog

    init(catalog: Catalog = BuiltInCatalog.catalog()) throws {
        folder = try TemporaryFolder()
        self.catalog = catalog
    }

    /// Runs one TUI session (a launch) with the script and returns the captured frames as text.
    @discardableResult
    func session(_ script: [ScriptedTerminal.Step], columns: Int = 80, rows: Int = 24,
                 locale: String = "en_US") throws -> [[String]] {
        let world = try folder.world(catalog: catalog, seed: 3)
        let history = try EventLog.readAll(path: world.directory.events)
        let terminal = ScriptedTerminal(columns: columns, rows: rows, script: script)
        let app = TUIApp(readModel: ReadModel(world), terminal: terminal, locale: locale, history: history)
        try app.run()
        return terminal.captured.map(\.textRows)
    }

    /// Frames as buffers, for checks that need display columns.
    func buffers(_ script: [ScriptedTerminal.Step], columns: Int = 80, rows: Int = 24,
                 locale: String = "en_US") throws -> [CellBuffer] {
        let world = try folder.world(catalog: catalog, seed: 3)
        let terminal = ScriptedTerminal(columns: columns, rows: rows, script: script)
        try TUIApp(readModel: ReadModel(world), terminal: terminal, locale: locale, history: []).run()
        return terminal.captured
    }
}

extension Array where Element == ScriptedTerminal.Step {
    /// Enough ticks for any flow here to finish delivering.
    static var settle: [ScriptedTerminal.Step] { Array(repeating: .tick, count: 60) }
}

extension Array where Element == String {
    /// The text column of a screen's timeline (the rows below its heading), each row trimmed and
    /// the rows joined by spaces: an event whose words wrapped onto several rows reads as one line.
    func timelineText(columns: Int = 80) -> String {
        let textX = (columns >= 120 ? 12 : 9) + 1 + 32
        let heading = firstIndex { $0.contains("Timeline  App") } ?? endIndex
        return self[index(after: Swift.min(heading, endIndex - 1))...]
            .map { $0.dropFirst(textX).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
