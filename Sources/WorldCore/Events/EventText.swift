import IAPCore

/// Events as transcript lines that read like a sequence diagram: time, sender, arrow, receiver,
/// what was said. A message is drawn `──▶` when sent, `··✓` when it arrives and `··✗` when it
/// never does. The text may hold values read from files (a product id from the app's cache),
/// so each line has its hidden characters escaped (`LineText`).
public enum EventText {
    /// One or more lines for an event (a recovery report spans several).
    public static func lines(_ event: Event) -> [String] {
        let time = SimulatedTime.format(event.time).dropFirst(11)
        let millis = SimulatedTime.millisOfSecond(event.timeMillis)
        let stamp = "\(time).\(millis)"
        switch event.kind {
        case .message, .delivered, .dropped, .note:
            let from = event.from.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let arrow = event.to.map { arrowHead(event.kind) + " " + $0.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) }
                ?? "            "
            return ["  \(stamp)  \(from)\(arrow) \(LineText.escaped(event.text))"]
        case .command:
            return ["  \(stamp)  \(event.from.rawValue): \(LineText.escaped(event.text))"]
        case .crash:
            return ["  \(stamp)  ✗✗ \(LineText.escaped(event.text))"]
        case .report:
            return event.text.split(separator: "\n").map { "  \(stamp)  ★ \(LineText.escaped(String($0)))" }
        }
    }

    private static func arrowHead(_ kind: Event.Kind) -> String {
        switch kind {
        case .delivered: return "··✓"
        case .dropped: return "··✗"
        default: return "──▶"
        }
    }
}
