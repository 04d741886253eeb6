/// What an outside server (`server url`) answered the app's request, as StoreSim's protocol
/// reads it (`POST URL/storesim/verify`): a `result`, or no answer the app can use — which the
/// app takes as a Server that is down, and asks again later.
public enum OutsideServerReply: Sendable, Equatable, Codable {
    case credited
    case alreadyCredited
    /// `rejected`, with the server's `reason`.
    case rejected(reason: String)
    /// No usable answer: what came instead (`HTTP 500`, `timed out`, `an answer without a result`).
    case noAnswer(String)
    /// A request StoreSim's protocol has no call for (the launch's check of the current receipt,
    /// a promotional offer's signature), and what the app is told instead.
    case notInProtocol(String)

    /// The reply in English.
    public var english: String {
        switch self {
        case .credited: "credited"
        case .alreadyCredited: "already credited"
        case .rejected(let reason): "rejected: \(reason)"
        case .noAnswer(let what): "\(what): no answer the app can use; it asks again later"
        case .notInProtocol(let what): what
        }
    }
}

extension OutsideServerReply: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .credited: json.tag("credited")
        case .alreadyCredited: json.tag("alreadyCredited")
        case .rejected(let reason): json.tag("rejected") { $0.put("reason", reason) }
        case .noAnswer(let what): json.tag("noAnswer") { $0.put("_0", what) }
        case .notInProtocol(let what): json.tag("notInProtocol") { $0.put("_0", what) }
        }
    }
}
