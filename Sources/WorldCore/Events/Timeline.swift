import IAPCore

/// The world's timeline: each event appended to `events.log` and handed to whoever watches (the
/// transcript, the TUI). A note a party sends cannot throw; a note that could not be written is
/// kept, and the world stops on it at its next step.
///
/// While a run of deliveries holds the timeline (`hold`), its events are written together, with
/// one `write(2)`, when the run ends or before anything else of the world is written to a file
/// (`writeHeld`); only then are they told to whoever watches. So the log never lags behind what
/// a kill leaves in the world's other files, nor behind the transcript.
final class Timeline {
    private let log: EventLog
    /// Called with every event as it is written to the log.
    var onEvent: ((Event) -> Void)?
    /// The first failure to write a note, not yet reported.
    private var unreportedFailure: WorldError?
    /// Whether events are held back (`hold`).
    private var holding = false
    /// The events held back, oldest first, for `onEvent` (none are kept when nobody listens).
    private var held: [Event] = []
    /// The most bytes of held lines: past it they are written at once.
    static let heldBytesLimit = 1 << 16
    /// The store the world sells on: a Google Play world's lines name its orders as Google does.
    var store: StoreKind = .appStore

    init(path: String) throws(WorldError) {
        do {
            log = try EventLog(path: path)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
    }

    /// The time of the last event in the log.
    var lastTimeMillis: Int64 { log.lastTimeMillis }

    /// Records an event and returns its sequence number; `text` is `what` in English, when the
    /// caller has it already; `sentSeq` is the message a delivery or a drop ends.
    @discardableResult
    func record(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, what: Happening, text: String? = nil,
                subject: MessageSubject?, sentSeq: Int? = nil, verifyReceiptResponse: String? = nil) throws(WorldError) -> Int {
        let event: Event
        do {
            event = try log.append(kind: kind, timeMillis: timeMillis, from: from, to: to, what: what,
                                   text: store == .play ? store.namingOrders(in: text ?? what.english) : text,
                                   subject: subject, sentSeq: sentSeq, verifyReceiptResponse: verifyReceiptResponse, holding: holding)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        guard holding else {
            onEvent?(event)
            return event.seq
        }
        if onEvent != nil { held.append(event) }
        if log.heldBytes > Self.heldBytesLimit {
            try writeHeld()
        }
        return event.seq
    }

    /// Holds the events recorded from now on until `writeHeld` or `release`.
    func hold() {
        holding = true
    }

    /// Writes the held events to the log with one write, then tells `onEvent` of each; the
    /// events recorded next are still held.
    func writeHeld() throws(WorldError) {
        guard log.heldBytes > 0 else { return }
        let events = held
        held = []
        do {
            try log.writeHeld()
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        events.forEach { onEvent?($0) }
    }

    /// `writeHeld` for a caller that cannot be told of a failure: the failure is kept, as a
    /// note's is.
    func writeHeldKeepingFailure() {
        do {
            try writeHeld()
        } catch {
            unreportedFailure = unreportedFailure ?? error
        }
    }

    /// Writes the held events and stops holding.
    func release() throws(WorldError) {
        holding = false
        try writeHeld()
    }

    /// Records a note from a party that cannot be told of a failure; keeps the failure. Returns
    /// the event's sequence number, nil when it could not be written.
    @discardableResult
    func note(_ kind: Event.Kind, at timeMillis: Int64, from: Party, to: Party?, what: Happening, text: String? = nil,
              subject: MessageSubject?) -> Int? {
        do {
            return try record(kind, at: timeMillis, from: from, to: to, what: what, text: text, subject: subject)
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
