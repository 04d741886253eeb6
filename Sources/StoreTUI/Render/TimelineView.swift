import IAPCore
import Simulator

/// The timeline as a sequence diagram: lanes App │ Store │ Server │ Cache, one row per event,
/// newest at the bottom; in step mode the waiting message is the highlighted last row.
enum TimelineView {
    static let lanes: [Party] = [.app, .store, .server, .cache]
    static let laneGap = 8

    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        let timeWidth = rect.width >= 120 ? 12 : 9
        let lanesX = rect.x + timeWidth + 1
        let textX = lanesX + lanes.count * laneGap
        let title = state.timelineOffset > 0 ? "Timeline (scrolled back \(state.timelineOffset))" : "Timeline"
        buffer.put(title, x: rect.x, y: rect.y, style: .bold, limit: timeWidth)
        for (index, lane) in lanes.enumerated() {
            buffer.put(lane.rawValue, x: lanesX + index * laneGap, y: rect.y, style: .bold)
        }
        let waiting = state.stepMode ? model.nextMessage : nil
        let rows = rect.height - 1 - (waiting == nil ? 0 : 1)
        guard rows > 0 else { return }
        let end = max(0, state.timeline.count - state.timelineOffset)
        let visible = state.timeline[max(0, end - rows)..<end]
        var y = rect.y + 1 + (rows - visible.count)
        for event in visible {
            drawLifelines(&buffer, y: y, lanesX: lanesX)
            buffer.put(time(event, width: timeWidth), x: rect.x, y: y, style: .dim)
            drawEvent(event, &buffer, y: y, lanesX: lanesX, textX: textX, right: rect.x + rect.width)
            y += 1
        }
        if let waiting {
            let row = rect.y + rect.height - 1
            drawLifelines(&buffer, y: row, lanesX: lanesX)
            buffer.put("next ▸", x: rect.x, y: row, style: [.reverse, .bold])
            drawArrow(&buffer, from: waiting.from, to: waiting.to, y: row, lanesX: lanesX, style: [.reverse, .bold], dropped: false)
            buffer.put("waiting: " + waiting.summary, x: textX, y: row, style: [.reverse, .bold], limit: rect.x + rect.width - textX)
        }
    }

    private static func time(_ event: Event, width: Int) -> String {
        let full = SimulatedTime.format(event.time)
        let millis = String(format: ".%03lld", (event.timeMillis % 1000 + 1000) % 1000)
        return String(full.suffix(width == 12 ? 8 : 5)) + millis
    }

    private static func lane(_ party: Party) -> Int? {
        switch party {
        case .app: return 0
        case .store: return 1
        case .server, .network: return 2
        case .cache: return 3
        case .user: return nil
        }
    }

    private static func drawLifelines(_ buffer: inout CellBuffer, y: Int, lanesX: Int) {
        for index in lanes.indices {
            buffer.put("│", x: lanesX + index * laneGap + 1, y: y, style: .dim)
        }
    }

    private static func drawEvent(_ event: Event, _ buffer: inout CellBuffer, y: Int, lanesX: Int, textX: Int, right: Int) {
        let limit = right - textX
        switch event.kind {
        case .message, .dropped, .note:
            let dropped = event.kind == .dropped
            let style: CellStyle = event.kind == .note ? .dim : []
            drawArrow(&buffer, from: event.from, to: event.to, y: y, lanesX: lanesX, style: style, dropped: dropped)
            buffer.put(event.text, x: textX, y: y, style: dropped ? .bold : style, color: dropped ? .red : .none, limit: limit)
        case .command:
            buffer.put("▸", x: lanesX + 1, y: y, style: .bold, color: .cyan)
            buffer.put("you: " + event.text, x: textX, y: y, style: .bold, color: .cyan, limit: limit)
        case .crash:
            buffer.put("✗ " + event.text, x: lanesX, y: y, style: [.bold, .reverse], color: .red, limit: right - lanesX)
        case .report:
            let first = event.text.split(separator: "\n").first.map(String.init) ?? event.text
            buffer.put("★ " + first, x: lanesX, y: y, style: .bold, color: .green, limit: right - lanesX)
        }
    }

    private static func drawArrow(_ buffer: inout CellBuffer, from: Party, to: Party?, y: Int, lanesX: Int,
                                  style: CellStyle, dropped: Bool) {
        guard let start = lane(from) else { return }
        let startX = lanesX + start * laneGap + 1
        guard let to, let end = lane(to), end != start else {
            buffer.put("◆", x: startX, y: y, style: style)
            return
        }
        let endX = lanesX + end * laneGap + 1
        let low = min(startX, endX)
        let high = max(startX, endX)
        buffer.put(String(repeating: "─", count: high - low - 1), x: low + 1, y: y, style: style)
        buffer.put("●", x: startX, y: y, style: style)
        let head = dropped ? "✗" : (endX > startX ? "▶" : "◀")
        buffer.put(head, x: endX, y: y, style: dropped ? style.union(.bold) : style, color: dropped ? .red : .none)
    }
}
