/// How StoreSim's Pub/Sub delivers Real-time developer notifications (`store pubsub MODE`).
/// Pub/Sub promises "at-least-once message delivery and best-effort ordering", so a Server must
/// take a message twice, or a later one first, and credit once.
public enum PubSubMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// Each message is pushed once it is published, and again only while unacknowledged.
    case normal
    /// Each message is pushed a second time after the Server acknowledged it.
    case duplicate
    /// Each message is held a minute before its first push, and the messages waiting are pushed
    /// newest first: a later message overtakes an earlier one.
    case reorder
}

extension PubSubMode {
    /// How the mode delivers, in English, after "Pub/Sub delivers".
    public var english: String {
        switch self {
        case .normal: "each message once, again only until the Server acknowledges it"
        case .duplicate: "every message twice: once more after the Server acknowledged it"
        case .reorder: "each message a minute late, newest first"
        }
    }
}
