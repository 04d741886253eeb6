/// What an event on the timeline tells: a case per kind of thing that happened, with its data,
/// worded in English by `english` and in each interface language by a switch of its own.
public enum Happening: Sendable, Equatable, Codable {
    /// A sentence without a case of its own: an event of a log written before events were
    /// typed, or a step its party does not yet tell as a case. It is shown as it was written.
    case legacy(String)
    /// A message one party sent another: its sending, and its delivery.
    case message(MessageSaid)
    /// A message that never arrived, and why.
    case notDelivered(MessageSaid, reason: DropReason)
    /// A step the app took on its own.
    case app(AppStep)
    /// A step the Server took on its own.
    case server(ServerStep)
    /// A step the Store took on its own.
    case store(StoreStep)
    /// Something the user, the script or the world's operator did.
    case user(UserAction)
    /// The app died: a crash or a power cut, at a crash point or between two messages.
    case crash(CrashPoint?, powerCut: Bool)
    /// A line of the app's pending-order cache left out when the cache was read.
    case cache(CacheWarning)
    /// What a launch recovered: the recovery report.
    case recovery(LaunchRecovery)
    /// A step told in Google Play's words, in a world that sells there.
    case play(GooglePlayStep)

    /// Whether the event is told as a case: false for a legacy sentence.
    public var isTyped: Bool {
        if case .legacy = self { false } else { true }
    }

    /// The event in English: the timeline's, the transcript's and the log's words.
    public var english: String {
        switch self {
        case .legacy(let text): text
        case .message(let said): said.english
        case .notDelivered(let said, let reason): "\(said.english) ✗ \(reason.english)"
        case .app(let step): step.english
        case .server(let step): step.english
        case .store(let step): step.english
        case .user(let action): action.english
        case .cache(let warning): warning.english
        case .recovery(let report): report.englishLines.joined(separator: "\n")
        case .play(let step): step.english
        case .crash(let point, let powerCut):
            (powerCut ? "the power was cut " : "the app crashed ") + (point.map { "at \($0.rawValue): \($0.explanation)" } ?? "between two messages")
        }
    }
}
