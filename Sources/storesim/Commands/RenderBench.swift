import Bench
import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import StoreTUI
import WorldCore

/// The TUI's cost per frame: a world with a few purchases (one still pending), a timeline of
/// 10,000 of its events that have rows (a delivery has none), and a whole frame rendered and
/// diffed against the frame before the newest event arrived.
enum RenderBench {
    static let sizes = [(columns: 80, rows: 24), (columns: 200, rows: 60)]
    static let timelineLength = 10_000

    static func run(catalog: Catalog, repetitions: Int) throws(BenchError) -> [RenderRow] {
        let directory = try BenchError.attempt("a temporary world") { try DataDirectory.temporary() }
        defer { directory.removeTemporary() }
        return try BenchError.attempt("the render benchmark") {
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            try play(world)
            let drawn = try EventLog.readLast(timelineLength, path: directory.events).filter(TUIUpdate.hasRow)
            let timeline = BenchTimeline.repeating(drawn, count: timelineLength)
            let model = try ReadModel(world).view()
            let rows = try sizes.map { size throws(BenchError) in
                RenderRow(columns: size.columns, rows: size.rows,
                          micros: try measure(TUIState(columns: size.columns, rows: size.rows), timeline, model, repetitions))
            }
            try world.perform(.quit)
            return rows
        }
    }

    /// A few purchases of each consumable, the last one left pending while the Server is down.
    private static func play(_ world: World) throws {
        try world.perform(.launch)
        for product in ["com.storesim.coins.100", "com.storesim.coins.550"] {
            for _ in 0..<4 {
                try world.perform(.buy(productId: product, answer: .confirm))
                try world.settle()
            }
        }
        try world.perform(.server(.down))
        try world.perform(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        try world.settle()
        try world.perform(.server(.up))
    }

    private static func measure(_ empty: TUIState, _ timeline: [Event], _ model: WorldView,
                                _ repetitions: Int) throws(BenchError) -> Double {
        var before = empty
        for event in timeline.dropLast() {
            _ = TUIUpdate.update(&before, .worldEvent(event), model: model)
        }
        var state = before
        if let newest = timeline.last {
            _ = TUIUpdate.update(&state, .worldEvent(newest), model: model)
        }
        let previous = Screen.render(before, model)
        var samples: [Double] = []
        for _ in 0..<repetitions {
            var changed = 0
            samples.append(try BenchClock.micros { () throws(BenchError) in
                changed = Screen.render(state, model).changes(since: previous).count
            })
            guard changed > 0 else { throw BenchError("a new event changed nothing on the \(empty.columns)×\(empty.rows) screen") }
        }
        return BenchClock.median(samples)
    }
}
