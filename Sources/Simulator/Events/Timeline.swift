import IAPCore

/// The world's timeline: each event appended to `events.log` and handed to whoever watches (the
/// transcript, the TUI). A note a party sends cannot throw; a note that could not be written is
/// kept, and the world stops on it at its next step.
final class Timeline {
    private let log: EventLog
    /// Called with every event as it is recorded.
    var onEvent: ((Event) -> Void)?
    /// The first failure to write a note, not yet reported.
    private var unreportedFailure: WorldError?

    init(path: String) throws(WorldError) {
        do {
            log = try EventLog(path: path)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
    }

    /// The time of the last event in the log.
    var lastTimeMillis: Int64 { log.lastTimeMillis }

    func record(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, text: String,
                subject: MessageSubject?) throws(WorldError) {
        let event: Event
        do {
            event = try log.append(kind: kind, timeMillis: timeMillis, from: from, to: to, text: text,
                                   subject: subject)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        onEvent?(event)
    }

    /// Records a note from a party that cannot be told of a failure; keeps the failure.
    func note(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, text: String, subject: MessageSubject?) {
        do {
            try record(kind, at: timeMillis, from: from, to: to, text: text, subject: subject)
        } catch {
            unreportedFailure = unreportedFailure ?? error
        }
    }

    /// Throws the failure a note met, once.
    func reportFailure() throws(WorldError) {
        guard let failure = unreportedFailure else { return }
        unreportedFailure = nil
        throw failure
    }
}
