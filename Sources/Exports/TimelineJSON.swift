import Foundation
import WorldCore

/// A timeline as one JSON object, `{"events":[…]}`, written as the events come, one event a
/// line: each event as `events.log` holds it (`seq`, `timeMillis`, `kind`, `from`, `to`, `text`,
/// `transactionId`, and for a delivery or a drop the `sentSeq` of its message), without the
/// typed `what` the log keeps beside its text.
public final class TimelineJSON {
    private let write: (String) -> Void
    /// The last event's line, written once the next one shows whether a comma follows.
    private var pending: String?

    /// Starts the object.
    public init(write: @escaping (String) -> Void) {
        self.write = write
        write(#"{"events":["#)
    }

    /// Adds the next event of the timeline.
    public func add(_ event: Event) {
        if let pending { write(pending + ",") }
        pending = String(decoding: event.timelineJSONLine, as: UTF8.self)
    }

    /// Ends the object.
    public func finish() {
        if let pending { write(pending) }
        pending = nil
        write("]}")
    }
}
