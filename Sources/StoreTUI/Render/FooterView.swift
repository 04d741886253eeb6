import ReadSide

/// The bottom rows: what just happened, and the keys that work right now.
enum FooterView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, width: Int, rows: Int) {
        let lines = lines(state, model, width: width)
        let top = rows - lines.count
        buffer.put(clipped(state.status, width), x: 0, y: top - 1, limit: width)
        buffer.fill(x: 0, y: top, width: width, height: lines.count, with: Cell(text: " ", style: .reverse))
        for (offset, line) in lines.enumerated() {
            buffer.put(line, x: 0, y: top + offset, style: .reverse, limit: width)
        }
    }

    /// How many rows the keys take on the state's screen.
    static func height(_ state: TUIState, _ model: WorldView) -> Int {
        lines(state, model, width: state.columns).count
    }

    /// The keys that work right now, as their bindings name them, in rows of `width`: every one
    /// of them, on as many rows as they need, when the mode shows every key; else one row.
    static func lines(_ state: TUIState, _ model: WorldView, width: Int) -> [String] {
        let map = KeyMap.current(state, model)
        let keys = map.footer(state.language)
        return map.showsEveryKey ? wrapped(keys, width: width) : [line(keys, width: width)]
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

    /// Every key, in order, on as many rows of `width` as they need: a row takes keys until the
    /// next would not fit; a key is never split between rows.
    static func wrapped(_ keys: [String], width: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        for key in keys {
            let longer = row.isEmpty ? " " + key : row + "  " + key
            if row.isEmpty || DisplayWidth.of(longer) <= width {
                row = longer
            } else {
                rows.append(row)
                row = " " + key
            }
        }
        return rows + (row.isEmpty ? [] : [row])
    }
}
