import Foundation
import IAPCore
import Storage

/// A line of the events log that a reader skipped: where it starts and why it is not the next
/// event (damage from outside; StoreSim appends whole lines in order).
public struct EventLogDamage: Error, Sendable, Equatable {
    /// The byte of the file where the line starts.
    public let offset: Int
    public let problem: String

    /// The event a line holds, if it is one that may follow `previous`.
    static func read(_ line: FileLine, after previous: Event?, _ decoder: JSONDecoder) -> Result<Event, EventLogDamage> {
        guard let bytes = line.bytes else {
            return .failure(EventLogDamage(offset: line.offset, problem: "a line longer than \(EventLog.maxLineBytes >> 20) MiB"))
        }
        let event: Event
        do {
            event = try decoder.decode(Event.self, from: Data(bytes))
        } catch {
            return .failure(EventLogDamage(offset: line.offset, problem: "not an event"))
        }
        let clock = SimulatedTime.millisRange
        guard clock.contains(event.timeMillis) else {
            return .failure(EventLogDamage(offset: line.offset,
                                           problem: "$.timeMillis: must be a whole number from \(clock.lowerBound) to \(clock.upperBound)"))
        }
        if let previous, event.seq <= previous.seq {
            return .failure(EventLogDamage(offset: line.offset, problem: "event \(event.seq) after event \(previous.seq): out of order"))
        }
        return .success(event)
    }

    /// Why a log read from its end was given up: a stretch of lines that are not events longer
    /// than `EventLog.tailLimits`, from where reading stopped to the newest events found (or the
    /// end of a file `fileEnd` bytes long).
    static func unreadable(_ stretch: SkippedStretch, fileEnd: Int) -> String {
        let limits = EventLog.tailLimits
        let upTo = stretch.end == fileEnd ? "the end of the log" : "byte \(stretch.end)"
        let held = stretch.lines == 0 ? "without a newline" : "in \(stretch.lines) lines"
        return "byte \(stretch.offset): no event from here to \(upTo) (\(stretch.bytes) bytes \(held)); "
            + "reading from the end gives up after \(limits.stretchLines) lines or \(limits.stretchBytes >> 20) MiB without one"
    }
}
