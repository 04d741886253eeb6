import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

/// Cost against the length of a world's history. One world per size is given that many past
/// purchases, written straight into its databases (not replayed); then, the worlds taking
/// turns batch by batch so that disk traffic from elsewhere hits every size alike, purchases
/// per second (each settled through Store, Server and cache), and launches: each world, closed
/// with `pending` paid orders left while the Server was down, is opened and launched, and the
/// launch must credit them all; and the screen after a purchase: the view the TUI draws from
/// (`ReadModel.view()`), made right after a settled purchase wrote to both databases.
public struct HistoryBench {
    public let catalog: Catalog
    public let settings: BenchSettings
    /// Past purchases of each world; the first is the fresh world the others are compared with.
    public static let sizes = [0, 10_000, 100_000]
    /// Orders left pending for each timed launch.
    public static let pending = 10

    public init(catalog: Catalog, settings: BenchSettings) {
        self.catalog = catalog
        self.settings = settings
    }

    public func run() throws(BenchError) -> [HistoryRow] {
        let folders = try Self.sizes.map { _ throws(BenchError) in try BenchFolder() }
        defer { folders.forEach { $0.remove() } }
        let directories = folders.map { DataDirectory(path: $0.path) }
        let (rates, views) = try purchaseRates(directories)
        var launches = Array(repeating: [Double](), count: Self.sizes.count)
        for _ in 0..<settings.recoveryRepetitions {
            for (index, directory) in directories.enumerated() {
                try leavePending(in: directory)
                launches[index].append(try timeLaunch(in: directory))
            }
        }
        return Self.sizes.indices.map { index in
            HistoryRow(pastPurchases: Self.sizes[index], purchasesPerSecond: BenchClock.median(rates[index]),
                       launchMillis: BenchClock.median(launches[index]) / 1000,
                       viewAfterPurchaseMicros: BenchClock.median(views[index]))
        }
    }

    /// Gives each world its history, then times batches of purchases in every world in turn, and
    /// the view after each of a few more purchases (microseconds).
    private func purchaseRates(_ directories: [DataDirectory]) throws(BenchError) -> (rates: [[Double]], views: [[Double]]) {
        try BenchError.attempt("purchases against history") {
            let worlds = try directories.map { directory in try World(directory: directory, catalog: catalog, seed: 1) }
            for (world, size) in zip(worlds, Self.sizes) {
                try world.recordPastPurchases(size, of: RecoveryBench.productId)
                try world.perform(.launch)
            }
            var rates = Array(repeating: [Double](), count: worlds.count)
            for _ in 0..<settings.purchaseBatches {
                for (index, world) in worlds.enumerated() {
                    let micros = try PurchaseBatch.micros(world, purchases: settings.purchasesPerBatch)
                    rates[index].append(Ratio.of(Double(settings.purchasesPerBatch) * 1_000_000, micros))
                }
            }
            let readModels = worlds.map(ReadModel.init)
            var views = Array(repeating: [Double](), count: worlds.count)
            for _ in 0..<settings.recoveryRepetitions {
                for (index, readModel) in readModels.enumerated() {
                    views[index].append(try viewAfterPurchase(readModel))
                }
            }
            for world in worlds { try world.perform(.quit) }
            return (rates, views)
        }
    }

    /// Settles one purchase, then times the view made after it, in microseconds: the read model
    /// keeps what it read of the history before the purchase.
    private func viewAfterPurchase(_ readModel: ReadModel) throws(BenchError) -> Double {
        try BenchError.attempt("a view after a purchase") {
            let world = readModel.world
            try world.perform(.buy(productId: RecoveryBench.productId, answer: .confirm))
            try world.settle()
            return try BenchClock.micros { () throws(BenchError) in
                try BenchError.attempt("the view") { _ = try readModel.view() }
            }
        }
    }

    /// Buys `pending` consumables while the Server is down, then quits and closes the world.
    private func leavePending(in directory: DataDirectory) throws(BenchError) {
        try BenchError.attempt("leaving \(Self.pending) orders pending") {
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            try world.perform(.launch)
            try world.perform(.server(.down))
            for _ in 0..<Self.pending {
                try world.perform(.buy(productId: RecoveryBench.productId, answer: .confirm))
                try world.settle()
            }
            try world.perform(.quit)
            try world.perform(.server(.up))
        }
    }

    /// Times opening the world and its launch, which settles; checks that it credited every
    /// pending order.
    private func timeLaunch(in directory: DataDirectory) throws(BenchError) -> Double {
        try BenchError.attempt("a launch with \(Self.pending) pending orders") {
            var opened: World?
            let micros = try BenchClock.micros { () throws(BenchError) in
                try BenchError.attempt("the launch") {
                    let world = try World(directory: directory, catalog: catalog, seed: 1)
                    try world.perform(.launch)
                    opened = world
                }
            }
            guard let world = opened else { throw BenchError("the world did not open") }
            let credited = world.lastRecoveryReport?.items.filter { $0.outcome == .creditedNow }.count ?? 0
            guard credited == Self.pending else {
                throw BenchError("a launch with \(Self.pending) pending orders credited \(credited)")
            }
            try world.perform(.quit)
            return micros
        }
    }
}
