import Foundation
import IAPClient
import IAPCore

/// The pending-order cache against the fsync floor, the seed's rewrite and SQLite. For each size
/// the four are filled with the same orders, all in one temporary folder; then each repetition
/// times one save plus one remove of a new order in every contender at every size, in a shuffled
/// order: none always follows the same neighbour (whose unfinished disk work it would pay for),
/// and a burst of disk traffic from elsewhere hits every size and contender alike.
public struct CacheBench {
    public let repetitions: Int

    public init(repetitions: Int) {
        self.repetitions = repetitions
    }

    public func run(sizes: [Int]) throws(BenchError) -> [CacheRow] {
        let folder = try BenchFolder()
        defer { folder.remove() }
        var contenders: [[CacheContender]] = []
        for size in sizes {
            contenders.append(try Self.contenders(in: folder, liveEntries: size))
        }
        let turns = sizes.indices.flatMap { size in contenders[size].indices.map { (size, $0) } }
        var samples = contenders.map { [[Double]](repeating: [], count: $0.count) }
        var random = SplitMix64(seed: 1)
        // Repetition -1 warms every contender up and is not counted.
        for repetition in -1..<repetitions {
            let changes = sizes.map { CacheChange(BenchCacheFormat.order($0 + 1 + repetition)) }
            for (size, contender) in turns.shuffled(using: &random) {
                let micros = try BenchClock.micros { () throws(BenchError) in
                    try contenders[size][contender].saveAndRemove(changes[size])
                }
                if repetition >= 0 {
                    samples[size][contender].append(micros)
                }
            }
        }
        return zip(sizes, samples).map { size, samples in
            let medians = samples.map(BenchClock.median)
            return CacheRow(liveEntries: size, storesimMicros: medians[0], fsyncFloorMicros: medians[1],
                            rewriteMicros: medians[2], sqliteMicros: medians[3])
        }
    }

    /// StoreSim's cache, the floor, the rewrite and SQLite, in that order, each holding `liveEntries` orders.
    private static func contenders(in folder: BenchFolder, liveEntries: Int) throws(BenchError) -> [CacheContender] {
        let file = BenchCacheFormat.file(count: liveEntries)
        return [
            try StoreSimCacheContender(path: folder.file("pending-orders-\(liveEntries).txt"), file: file, count: liveEntries),
            try FsyncFloorContender(path: folder.file("floor-\(liveEntries).txt"), contents: file),
            try RewriteCacheContender(path: folder.file("rewrite-\(liveEntries).txt"), count: liveEntries),
            try SQLiteCacheContender(path: folder.file("cache-\(liveEntries).sqlite"), count: liveEntries),
        ]
    }
}
