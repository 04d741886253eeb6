/// Why a message never arrived, as the timeline tells it.
public enum DropReason: Sendable, Equatable, Codable {
    case appNotRunning
    case serverDown
    /// The network was offline when the app sent the message.
    case networkOffline
    /// The network went offline before the Server's reply reached the app.
    case networkWentOffline
    /// The Server committed, and then its reply was lost.
    case replyLost
    /// The Server committed, and then its own call to the Store (Finish Transaction) was lost.
    case callLost

    /// The reason in English.
    public var english: String {
        switch self {
        case .appNotRunning: "the app is not running"
        case .serverDown: "the Server is down"
        case .networkOffline: "the network is offline"
        case .networkWentOffline: "the network went offline"
        case .replyLost: "the Server's reply was lost"
        case .callLost: "the Server's call was lost"
        }
    }
}
