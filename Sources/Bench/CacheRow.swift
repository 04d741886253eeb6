import ReadSide

/// One size of the cache benchmark: a durable save plus a durable remove, in microseconds.
public struct CacheRow: Sendable {
    public let liveEntries: Int
    public let storesimMicros: Double
    public let fsyncFloorMicros: Double
    public let rewriteMicros: Double
    public let sqliteMicros: Double

    public init(liveEntries: Int, storesimMicros: Double, fsyncFloorMicros: Double, rewriteMicros: Double,
                sqliteMicros: Double) {
        self.liveEntries = liveEntries
        self.storesimMicros = storesimMicros
        self.fsyncFloorMicros = fsyncFloorMicros
        self.rewriteMicros = rewriteMicros
        self.sqliteMicros = sqliteMicros
    }

    /// StoreSim's cost over the floor's (the goal: at most 1.3).
    public var overFloor: Double { Ratio.of(storesimMicros, fsyncFloorMicros) }
    /// How many times faster than the seed's rewrite StoreSim is (the goal at 10,000: at least 20).
    public var rewriteSpeedup: Double { Ratio.of(rewriteMicros, storesimMicros) }
    /// How many times faster than SQLite StoreSim is (the goal: at least 1).
    public var sqliteSpeedup: Double { Ratio.of(sqliteMicros, storesimMicros) }

    var json: JSONText {
        .object([
            ("liveEntries", .int(liveEntries)), ("storesimMicros", Ratio.rounded(storesimMicros)),
            ("fsyncFloorMicros", Ratio.rounded(fsyncFloorMicros)), ("rewriteMicros", Ratio.rounded(rewriteMicros)),
            ("sqliteMicros", Ratio.rounded(sqliteMicros)),
        ])
    }
}
