/// Why the app got no answer to a request it sent the Server: the request never arrived, the
/// reply never did, or the Server could not save what the request asked.
public enum NoAnswer: Sendable, Equatable, Codable {
    /// The request never reached the Server.
    case request(DropReason)
    /// The Server answered, and its reply never reached the app.
    case reply(DropReason)
    /// The Server could not save what the request asked, and why.
    case serverCouldNotSave(problem: SaveProblem)

    /// The reason in English, as the timeline and the recovery report tell it.
    public var english: String {
        switch self {
        case .request(let reason): reason.english
        case .reply(let reason): "no reply: \(reason.english)"
        case .serverCouldNotSave(let problem): ServerStep.couldNotSave(problem: problem).english
        }
    }
}
