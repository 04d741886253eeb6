/// Who sends or receives a message: the lanes of the timeline.
public enum Party: String, Sendable, CaseIterable, Codable {
    case user = "User"
    case app = "App"
    case store = "Store"
    /// Google Play, in place of the App Store in a world that sells there.
    case play = "Play"
    case server = "Server"
    case cache = "Cache"
    case network = "Network"
}
