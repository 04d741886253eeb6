import WorldCore

/// A long timeline for the render benchmark: a world's real events repeated, renumbered and
/// moved forward in time, as if the session had gone on that long.
public enum BenchTimeline {
    /// `count` events made by cycling through `template`, with sequence numbers 1... and times
    /// that keep increasing.
    public static func repeating(_ template: [Event], count: Int) -> [Event] {
        guard let first = template.first, let last = template.last else { return [] }
        let span = last.timeMillis - first.timeMillis + 10
        return (0..<count).map { index in
            let event = template[index % template.count]
            let lap = Int64(index / template.count)
            return Event(seq: index + 1, timeMillis: event.timeMillis + lap * span, kind: event.kind, from: event.from,
                         to: event.to, what: event.what, text: event.text, subject: event.subject)
        }
    }
}
