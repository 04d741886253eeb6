/// The bottom rows: what just happened, and the keys that work right now.
enum FooterView {
    static func draw(_ state: TUIState, into buffer: inout CellBuffer, width: Int, rows: Int) {
        buffer.put(clipped(state.status, width), x: 0, y: rows - 2, limit: width)
        buffer.fill(x: 0, y: rows - 1, width: width, height: 1, with: Cell(text: " ", style: .reverse))
        buffer.put(line(keys(state), width: width), x: 0, y: rows - 1, style: .reverse, limit: width)
    }

    /// The keys that work right now, as their bindings name them.
    static func keys(_ state: TUIState) -> [String] {
        KeyMap.current(state).footer(state.language)
    }

    /// The keys as one line of `width`: when they do not all fit, the ones just before the last
    /// two (help and quit on the main screen) give way, so the way out and the way to every key
    /// are always there.
    static func line(_ keys: [String], width: Int) -> String {
        var shown = keys
        func text() -> String { " " + shown.joined(separator: "  ") }
        while DisplayWidth.of(text()) > width, shown.count > 2 {
            shown.remove(at: shown.count - 3)
        }
        return text()
    }
}
