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

    /// Records an event and returns its sequence number; `sentSeq` is the message a delivery or
    /// a drop ends.
    @discardableResult
    func record(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, text: String,
                subject: MessageSubject?, sentSeq: Int? = nil) throws(WorldError) -> Int {
        let event: Event
        do {
            event = try log.append(kind: kind, timeMillis: timeMillis, from: from, to: to, text: text,
                                   subject: subject, sentSeq: sentSeq)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        onEvent?(event)
        return event.seq
    }

    /// Records a note from a party that cannot be told of a failure; keeps the failure. Returns
    /// the event's sequence number, nil when it could not be written.
    @discardableResult
    func note(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, text: String, subject: MessageSubject?) -> Int? {
        do {
            return try record(kind, at: timeMillis, from: from, to: to, text: text, subject: subject)
        } catch {
            unreportedFailure = unreportedFailure ?? error
            return nil
        }
    }

    /// Throws the failure a note met, once.
    func reportFailure() throws(WorldError) {
        guard let failure = unreportedFailure else { return }
        unreportedFailure = nil
        throw failure
    }
}
