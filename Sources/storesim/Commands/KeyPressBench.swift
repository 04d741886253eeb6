import Bench
import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import StoreTUI
import WorldCore

/// A key press against the catalog's length: the built-in catalog and one of 5,000 products,
/// each world (one purchase credited) in the TUI on a 200×60 terminal, its timeline full of the
/// same events, that presses ↓ then ↑, timed from the key to the frame it drew, diffed against
/// the frame before. The two catalogs take turns, a few presses each.
enum KeyPressBench {
    static let bigCatalogProducts = 5000
    /// Key presses in one session (a launch of the TUI): few, so that the catalogs take turns
    /// often and a burst of load from elsewhere hits both alike.
    static let pressesPerSession = 4

    /// The median time from a key to its frame with `catalog`, and with 5,000 products.
    static func row(catalog: Catalog, presses: Int) throws(BenchError) -> KeyPressRow {
        let directories = try BenchError.attempt("two temporary worlds") { try [DataDirectory.temporary(), .temporary()] }
        defer { directories.forEach { $0.removeTemporary() } }
        return try BenchError.attempt("key presses") {
            let worlds = try zip(directories, [catalog, big(catalog)]).map { directory, catalog in
                try World(directory: directory, catalog: catalog, seed: 1)
            }
            for world in worlds {
                try world.perform(.launch)
                try world.perform(.buy(productId: "com.storesim.coins.100", answer: .confirm))
                try world.settle()
                try world.perform(.quit)
            }
            let played = try EventLog.readAll(path: directories[0].events).filter(TUIUpdate.hasRow)
            let history = BenchTimeline.repeating(played, count: TUIState.timelineLimit)
            var samples: [[Double]] = [[], []]
            for _ in 0..<max(1, presses / pressesPerSession) {
                for (index, world) in worlds.enumerated() {
                    let terminal = KeyPressTerminal(presses: pressesPerSession)
                    try TUIApp(readModel: ReadModel(world), terminal: terminal, locale: "en_US", history: history).run()
                    guard terminal.samples.count == terminal.presses else {
                        throw BenchError("\(terminal.samples.count) of \(terminal.presses) key presses drew a frame")
                    }
                    samples[index] += terminal.samples
                }
            }
            return KeyPressRow(smallCatalogProducts: catalog.products.count, bigCatalogProducts: bigCatalogProducts,
                               smallCatalogMicros: BenchClock.median(samples[0]), bigCatalogMicros: BenchClock.median(samples[1]))
        }
    }

    /// `catalog`'s products, then consumables up to 5,000 products.
    static func big(_ catalog: Catalog) -> Catalog {
        let added = (catalog.products.count..<max(catalog.products.count, bigCatalogProducts)).map { index in
            Product(id: "com.storesim.bench.item\(index)", type: .consumable, referenceName: "Item \(index)", price: 0.99,
                    localizations: [:], grant: ["coins": 1])
        }
        return Catalog(storefront: catalog.storefront, products: catalog.products + added, settings: catalog.settings)
    }
}

/// A terminal that presses ↓ for half its presses and ↑ for the rest, then `q`, and keeps how
/// long each key took to reach a drawn and diffed frame, in microseconds.
private final class KeyPressTerminal: TerminalIO {
    let presses: Int
    private(set) var samples: [Double] = []
    private var pressed = 0
    private var keyTime: ContinuousClock.Instant?
    private var previous: CellBuffer?
    let size = (columns: 200, rows: 60)
    /// The clock at the Store's time rate stays still: only the keys move the world.
    let elapsedMillis: Int64 = 0

    init(presses: Int) {
        self.presses = presses
    }

    func draw(_ buffer: CellBuffer) {
        _ = buffer.changes(since: previous)
        previous = buffer
        if let keyTime {
            samples.append(BenchClock.micros(of: ContinuousClock().now - keyTime))
            self.keyTime = nil
        }
    }

    func readInput(timeoutMillis: Int32) -> InputEvent? {
        guard pressed < presses else { return .key(.character("q")) }
        pressed += 1
        keyTime = ContinuousClock().now
        return .key(pressed <= presses / 2 ? .down : .up)
    }
}
