/// The bottom rows: what just happened, and the keys that work right now.
enum FooterView {
    static func draw(_ state: TUIState, into buffer: inout CellBuffer, width: Int, rows: Int) {
        buffer.put(state.status, x: 0, y: rows - 2, limit: width)
        buffer.fill(x: 0, y: rows - 1, width: width, height: 1, with: Cell(text: " ", style: .reverse))
        buffer.put(" " + keys(state).joined(separator: "  "), x: 0, y: rows - 1, style: .reverse, limit: width)
    }

    /// The keys that work right now, as their bindings name them.
    static func keys(_ state: TUIState) -> [String] {
        KeyMap.current(state).footer
    }
}
