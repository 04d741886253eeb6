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

    public init(requests: Int, concurrency: Int, requestsPerSecond: Double, p99Millis: Double, inProcessMicros: Double,
                rssBeforeMegabytes: Double, rssAfterMegabytes: Double) {
        self.requests = requests
        self.concurrency = concurrency
        self.requestsPerSecond = requestsPerSecond
        self.p99Millis = p99Millis
        self.inProcessMicros = inProcessMicros
        self.rssBeforeMegabytes = rssBeforeMegabytes
        self.rssAfterMegabytes = rssAfterMegabytes
    }

    /// One request over HTTP against the same one in-process: what the network, the threads and
    /// the queue to the world's thread cost.
    public var overInProcess: Double { Ratio.of(1_000_000 / max(requestsPerSecond, 1), inProcessMicros) }

    /// The table's lines.
    var lines: [String] {
        ["", "serve: Get Transaction Info over HTTP, \(requests) requests from ab, \(concurrency) at once, keep-alive",
         "  \(Ratio.text(requestsPerSecond)) requests/s, p99 \(Ratio.text(p99Millis)) ms; in-process \(Ratio.text(inProcessMicros)) µs "
             + "a request (HTTP \(Ratio.times(overInProcess)) that); resident memory \(Ratio.text(rssBeforeMegabytes)) MB before, "
             + "\(Ratio.text(rssAfterMegabytes)) MB after"]
    }

    /// The goals for `serve`.
    var goals: [BenchGoal] {
        [BenchGoal(name: "serve: Get Transaction Info ≥ 5,000 requests/s", measured: "\(Ratio.text(requestsPerSecond))/s",
                   met: requestsPerSecond >= 5_000),
         BenchGoal(name: "serve: p99 latency < 20 ms", measured: "\(Ratio.text(p99Millis)) ms", met: p99Millis > 0 && p99Millis < 20),
         BenchGoal(name: "serve: resident memory flat under load (after ≤ 1.1× before + 2 MB)",
                   measured: "\(Ratio.text(rssBeforeMegabytes)) MB → \(Ratio.text(rssAfterMegabytes)) MB over \(requests) requests",
                   met: rssBeforeMegabytes > 0 && rssAfterMegabytes <= rssBeforeMegabytes * 1.1 + 2)]
    }

    var json: JSONText {
        .object([
            ("endpoint", .string("Get Transaction Info")), ("requests", .int(requests)), ("concurrency", .int(concurrency)),
            ("requestsPerSecond", Ratio.rounded(requestsPerSecond)), ("p99Millis", Ratio.rounded(p99Millis)),
            ("inProcessMicros", Ratio.rounded(inProcessMicros)), ("overInProcess", Ratio.rounded(overInProcess)),
            ("rssBeforeMegabytes", Ratio.rounded(rssBeforeMegabytes)), ("rssAfterMegabytes", Ratio.rounded(rssAfterMegabytes)),
        ])
    }
}
