import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

/// Launch recovery at scale: for each N a world is left with N paid orders pending (as the
/// Server being down leaves them, written directly); each repetition then copies every such world
/// afresh, makes the copy durable, and times, size after size (so that a burst of disk traffic
/// from elsewhere hits all sizes alike), the launch that credits them all.
public struct RecoveryBench {
    public let catalog: Catalog
    public let repetitions: Int
    static let productId = "com.storesim.coins.100"

    public init(catalog: Catalog, repetitions: Int) {
        self.catalog = catalog
        self.repetitions = repetitions
    }

    public func run(counts: [Int]) throws(BenchError) -> [RecoveryRow] {
        var originals: [BenchFolder] = []
        defer { originals.forEach { $0.remove() } }
        for count in counts {
            let folder = try BenchFolder()
            originals.append(folder)
            try leavePending(count, in: DataDirectory(path: folder.path))
        }
        var samples = Array(repeating: [Double](), count: counts.count)
        for _ in 0..<repetitions {
            for (index, count) in counts.enumerated() {
                samples[index].append(try timeLaunch(copying: originals[index], expecting: count))
            }
        }
        return zip(counts, samples).map { RecoveryRow(pending: $0, millis: BenchClock.median($1) / 1000) }
    }

    /// Copies the world in `original` to a fresh folder and times its launch there.
    private func timeLaunch(copying original: BenchFolder, expecting count: Int) throws(BenchError) -> Double {
        let copy = try BenchFolder()
        defer { copy.remove() }
        try BenchError.attempt("copying the world") {
            try FileManager.default.removeItem(atPath: copy.path)
            try FileManager.default.copyItem(atPath: original.path, toPath: copy.path)
        }
        try copy.makeDurable()
        return try timeLaunch(in: DataDirectory(path: copy.path), expecting: count)
    }

    /// Leaves `count` paid orders pending, as buying them while the Server is down does, written
    /// straight into the world (not bought one by one).
    private func leavePending(_ count: Int, in directory: DataDirectory) throws(BenchError) {
        try BenchError.attempt("making \(count) orders pending") {
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            try world.recordPendingPurchases(count, of: Self.productId)
        }
    }

    /// Opens the world, times the launch (which settles), checks that every order was credited.
    private func timeLaunch(in directory: DataDirectory, expecting count: Int) throws(BenchError) -> Double {
        try BenchError.attempt("recovering \(count) pending orders") {
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            let micros = try BenchClock.micros { () throws(BenchError) in
                try BenchError.attempt("the launch") { try world.perform(.launch) }
            }
            let audit = try ReadModel(world).snapshot().audit(catalog: catalog)
            guard audit.paid == count, audit.credited == count, audit.pending == 0, audit.ok else {
                throw BenchError("recovery of \(count): the audit found \(audit.paid) paid, \(audit.credited) credited, \(audit.pending) pending")
            }
            try world.perform(.quit)
            return micros
        }
    }
}
