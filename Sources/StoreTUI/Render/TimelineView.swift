import IAPCore
import ReadSide
import WorldCore

/// The timeline as a sequence diagram: lanes App │ Store │ Server │ Cache, one row per event,
/// newest at the bottom. A message has its row from the moment it is sent: dashed and marked
/// "in flight" until it is delivered, then solid, or dashed to a red ✗ when it never arrived
/// (the drop's own row below it then tells why, without an arrow of its own); in step mode the
/// one delivered next is highlighted. A crash or a report spans the lanes.
enum TimelineView {
    static let lanes: [Party] = [.app, .store, .server, .cache]
    /// Each lane's heading, the party's name.
    private static let laneNames: [Phrase] = [.partyApp, .partyStore, .partyServer, .partyCache]
    static let laneGap = 8

    /// How a message's row is drawn: delivered (or not a message), on its way, next to go, or
    /// never arrived.
    private enum Flight {
        case landed
        case inFlight
        case next
        case neverArrived
    }

    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        let timeWidth = rect.width >= 120 ? 12 : 9
        let lanesX = rect.x + timeWidth + 1
        let textX = lanesX + lanes.count * laneGap
        let language = state.language
        let store = model.settings.store
        drawHeading(language, store: store, into: &buffer, in: rect, timeWidth: timeWidth, lanesX: lanesX)
        let flight = inFlight(state.timeline, count: model.messagesInFlight)
        let next = state.stepMode ? flight.next : nil
        let end = max(0, state.timeline.count - state.timelineOffset)
        let scrolled = state.timelineOffset > 0
        // The messages a drop ended, by their seq: each is drawn as never arrived, and the drop's
        // row only tells why.
        let droppedSeqs = Set(state.timeline.compactMap { $0.kind == .dropped ? $0.sentSeq : nil })
        let shownSeqs = Set(state.timeline.map(\.seq))
        let flightOf = { (index: Int) -> Flight in
            if index == next { return .next }
            if flight.indices.contains(index) { return .inFlight }
            let event = state.timeline[index]
            return event.kind == .message && droppedSeqs.contains(event.seq) ? .neverArrived : .landed
        }
        let arrowless = { (event: Event) -> Bool in event.kind == .dropped && event.sentSeq.map(shownSeqs.contains) == true }
        let right = rect.x + rect.width
        let rowsOf = { (index: Int) -> [String] in
            let event = state.timeline[index]
            let told = text(event, flight: flightOf(index), language, store: store)
            let width = right - (spansLanes(event) ? lanesX : textX)
            return wrap(told, width).map { clipped($0, width) }
        }
        let available = rect.height - 1 - (scrolled ? 1 : 0)
        guard available > 0 else { return }
        var shown = lines(state.timeline, end: end, rows: available, rowsOf: rowsOf)
        let nextShown = shown.contains { line in
            if case .event(let index, _, _) = line { index == next } else { false }
        }
        let waiting = state.stepMode && !nextShown ? model.nextMessage : nil
        let textWidth = right - textX
        let waitingRows = waiting.map { wrap(language(.waiting, language.words(.message($0.said))), textWidth).map { clipped($0, textWidth) } } ?? []
        let rows = available - waitingRows.count
        guard rows > 0 else { return }
        if !waitingRows.isEmpty { shown = lines(state.timeline, end: end, rows: rows, rowsOf: rowsOf) }
        var y = rect.y + 1 + (rows - shown.count)
        for line in shown {
            switch line {
            case .day(let day):
                buffer.put(EventTranscript.dayLine(day), x: rect.x, y: y, style: .dim, limit: rect.width)
            case .event(let index, let text, let first):
                let event = state.timeline[index]
                let row = flightOf(index)
                if first {
                    switch row {
                    case .landed, .neverArrived: buffer.put(time(event, width: timeWidth), x: rect.x, y: y, style: .dim)
                    case .inFlight: buffer.put(language(.inFlight), x: rect.x, y: y, style: .dim, limit: timeWidth)
                    case .next: buffer.put(language(.nextMark), x: rect.x, y: y, style: [.reverse, .bold], limit: timeWidth)
                    }
                }
                drawEvent(event, row, text: text, first: first && !arrowless(event), &buffer, y: y, lanesX: lanesX, textX: textX,
                          right: right)
            }
            y += 1
        }
        if scrolled {
            drawScrollNote(state, into: &buffer, x: rect.x, y: rect.y + rect.height - 1 - waitingRows.count, width: rect.width)
        }
        if let waiting {
            for (offset, text) in waitingRows.enumerated() {
                let row = rect.y + rect.height - waitingRows.count + offset
                drawLifelines(&buffer, y: row, lanesX: lanesX)
                if offset == 0 {
                    buffer.put(language(.nextMark), x: rect.x, y: row, style: [.reverse, .bold], limit: timeWidth)
                    drawArrow(&buffer, from: waiting.from, to: waiting.to, y: row, lanesX: lanesX, style: [.reverse, .bold])
                }
                buffer.put(text, x: textX, y: row, style: [.reverse, .bold], limit: textWidth)
            }
        }
    }

    private static func drawHeading(_ language: Language, store: StoreKind, into buffer: inout CellBuffer, in rect: Rect, timeWidth: Int,
                                    lanesX: Int) {
        buffer.put(language(.timeline), x: rect.x, y: rect.y, style: .bold, limit: timeWidth)
        let names = store == .play ? laneNames.map { $0 == .partyStore ? Phrase.partyPlay : $0 } : laneNames
        for (index, name) in names.enumerated() {
            buffer.put(language(name), x: lanesX + index * laneGap, y: rect.y, style: .bold, limit: laneGap - 1)
        }
    }

    /// The last row of a scrolled-back timeline: how many events are below, and how many of them
    /// arrived since it was scrolled.
    private static func drawScrollNote(_ state: TUIState, into buffer: inout CellBuffer, x: Int, y: Int, width: Int) {
        let language = state.language
        let arrived = state.arrivedWhileScrolled > 0 ? language(.arrivedSince, state.arrivedWhileScrolled) : ""
        let note = language(state.timelineOffset == 1 ? .scrolledBackOne : .scrolledBack, state.timelineOffset, arrived)
        buffer.put(fit(note, width), x: x, y: y, style: [.reverse, .bold], color: arrived.isEmpty ? .none : .yellow, limit: width)
    }

    /// The timeline indices of the messages still on their way, and the one delivered next when
    /// the timeline still holds it. The world delivers messages in the order they were sent, so
    /// the `count` in flight are the newest `count` sent.
    private static func inFlight(_ timeline: [Event], count: Int) -> (indices: Set<Int>, next: Int?) {
        var found: [Int] = []
        var index = timeline.endIndex
        while found.count < count, index > timeline.startIndex {
            index -= 1
            if timeline[index].kind == .message { found.append(index) }
        }
        return (Set(found), found.count == count ? found.last : nil)
    }

    /// One row of the timeline: the line naming the day of the events below it, or a row of an
    /// event's text (its first, or one its text wrapped onto).
    private enum Line {
        case day(Substring)
        case event(Int, text: String, first: Bool)
    }

    /// The last `rows` rows of the timeline's events before `end`, each event's text wrapped onto
    /// the rows `rowsOf` gives it (never cutting a word such as a transaction id), with a day line
    /// above the first event and wherever the day changes, as `storesim timeline` draws them; when
    /// the rows cut the timeline, the top row names the day of the events below it.
    private static func lines(_ timeline: [Event], end: Int, rows: Int, rowsOf: (Int) -> [String]) -> [Line] {
        var lines: [Line] = []
        var index = end
        while lines.count < rows, index > timeline.startIndex {
            index -= 1
            let texts = rowsOf(index)
            for (offset, text) in texts.enumerated().reversed() {
                lines.append(.event(index, text: text, first: offset == 0))
            }
            let day = EventTranscript.day(of: timeline[index])
            if index == timeline.startIndex || EventTranscript.day(of: timeline[index - 1]) != day {
                lines.append(.day(day))
            }
        }
        var shown = Array(lines.prefix(rows))
        // The top row names the day; an event cut at the top shows none of its rows.
        if rows > 1, case .event? = shown.last {
            while case .event(_, _, let first)? = shown.last {
                shown.removeLast()
                if first { break }
            }
            if case .event(let top, _, _)? = shown.last { shown.append(.day(EventTranscript.day(of: timeline[top]))) }
        }
        return shown.reversed()
    }

    /// The time of day of an event: `hh:mm:ss`, with its milliseconds when the column is wide.
    private static func time(_ event: Event, width: Int) -> String {
        let clock = String(SimulatedTime.format(event.time).suffix(8))
        return width == 12 ? clock + "." + SimulatedTime.millisOfSecond(event.timeMillis) : clock
    }

    private static func lane(_ party: Party) -> Int? {
        switch party {
        case .app: return 0
        case .store, .play: return 1
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

    /// Whether an event's text runs across the lanes (a crash, a report) rather than beside them.
    private static func spansLanes(_ event: Event) -> Bool {
        event.kind == .crash || event.kind == .report
    }

    /// An event's text in the interface's language, as its row tells it.
    private static func text(_ event: Event, flight: Flight, _ language: Language, store: StoreKind) -> String {
        switch event.kind {
        case .message, .delivered, .dropped, .note:
            let text = language.words(event.what, on: store)
            return flight == .next ? language(.waiting, text) : text
        case .command:
            return language(.you, language.words(event.what, on: store))
        case .crash:
            return "✗ " + language.words(event.what, on: store)
        case .report:
            let words = language.words(event.what, on: store)
            return "★ " + (words.split(separator: "\n").first.map(String.init) ?? words)
        }
    }

    /// One row of an event: on its first (`first`), its arrow or mark and the start of its text;
    /// on the rows its text wrapped onto, and on a drop whose message's row shows the ✗, the
    /// lifelines and the text.
    private static func drawEvent(_ event: Event, _ flight: Flight, text: String, first: Bool, _ buffer: inout CellBuffer, y: Int,
                                  lanesX: Int, textX: Int, right: Int) {
        let limit = right - textX
        if !spansLanes(event) {
            drawLifelines(&buffer, y: y, lanesX: lanesX)
        }
        switch event.kind {
        case .message, .delivered, .dropped, .note:
            let dropped = event.kind == .dropped
            let style: CellStyle = switch flight {
            case .next: [.reverse, .bold]
            case .inFlight: .dim
            case .landed, .neverArrived: event.kind == .note ? .dim : []
            }
            if first {
                drawArrow(&buffer, from: event.from, to: event.to, y: y, lanesX: lanesX, style: style,
                          dropped: dropped || flight == .neverArrived, dashed: flight == .inFlight || flight == .neverArrived)
            }
            buffer.put(text, x: textX, y: y, style: dropped ? .bold : style, color: dropped ? .red : .none, limit: limit)
        case .command:
            if first { buffer.put("▸", x: lanesX + 1, y: y, style: .bold, color: .cyan) }
            buffer.put(text, x: textX, y: y, style: .bold, color: .cyan, limit: limit)
        case .crash:
            buffer.put(text, x: lanesX, y: y, style: [.bold, .reverse], color: .red, limit: right - lanesX)
        case .report:
            buffer.put(text, x: lanesX, y: y, style: .bold, color: .green, limit: right - lanesX)
        }
    }

    /// An arrow from lane to lane: solid once delivered, dashed with a hollow head on its way,
    /// ending in ✗ when it never arrived.
    private static func drawArrow(_ buffer: inout CellBuffer, from: Party, to: Party?, y: Int, lanesX: Int,
                                  style: CellStyle, dropped: Bool = false, dashed: Bool = false) {
        guard let start = lane(from) else { return }
        let startX = lanesX + start * laneGap + 1
        guard let to, let end = lane(to), end != start else {
            buffer.put("◆", x: startX, y: y, style: style)
            return
        }
        let endX = lanesX + end * laneGap + 1
        let low = min(startX, endX)
        let high = max(startX, endX)
        buffer.put(String(repeating: dashed ? "┄" : "─", count: high - low - 1), x: low + 1, y: y, style: style)
        buffer.put("●", x: startX, y: y, style: style)
        let head = dropped ? "✗" : endX > startX ? (dashed ? "▷" : "▶") : (dashed ? "◁" : "◀")
        buffer.put(head, x: endX, y: y, style: dropped ? style.union(.bold) : style, color: dropped ? .red : .none)
    }
}
