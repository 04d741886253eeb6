import ReadSide

/// `storesim serve` under an outside load tool: Get Transaction Info over HTTP, requests per
/// second and the 99th percentile latency, against the same lookup carried out in-process, and
/// the server's resident memory before and after the load.
public struct ServeRow: Sendable {
    public let requests: Int
    public let concurrency: Int
    public let requestsPerSecond: Double
    public let p99Millis: Double
    /// The same request answered in-process (token checked, Store asked), in microseconds.
    public let inProcessMicros: Double
    public let rssBeforeMegabytes: Double
    public let rssAfterMegabytes: Double

    /// One request over HTTP against the same one in-process: what the network, the threads and
    /// the queue to the world's thread cost.
    public var overInProcess: Double { Ratio.of(1_000_000 / max(requestsPerSecond, 1), inProcessMicros) }

    var json: JSONText {
        .object([
            ("endpoint", .string("Get Transaction Info")), ("requests", .int(requests)), ("concurrency", .int(concurrency)),
            ("requestsPerSecond", Ratio.rounded(requestsPerSecond)), ("p99Millis", Ratio.rounded(p99Millis)),
            ("inProcessMicros", Ratio.rounded(inProcessMicros)), ("overInProcess", Ratio.rounded(overInProcess)),
            ("rssBeforeMegabytes", Ratio.rounded(rssBeforeMegabytes)), ("rssAfterMegabytes", Ratio.rounded(rssAfterMegabytes)),
        ])
    }
}
