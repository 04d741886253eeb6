/// The bottom rows: what just happened, and the keys that work right now.
enum FooterView {
    static func draw(_ state: TUIState, into buffer: inout CellBuffer, width: Int, rows: Int) {
        buffer.put(state.status, x: 0, y: rows - 2, limit: width)
        buffer.fill(x: 0, y: rows - 1, width: width, height: 1, with: Cell(text: " ", style: .reverse))
        buffer.put(" " + keys(state).joined(separator: "  "), x: 0, y: rows - 1, style: .reverse, limit: width)
    }

    static func keys(_ state: TUIState) -> [String] {
        switch state.mode {
        case .main:
            let step = state.stepMode ? ["Space next", "s step off"] : []
            return step + ["↑↓ select", "Enter buy", "r restore", "x crash", "t transactions", "f faults"]
                + (state.stepMode ? [] : ["s step mode"]) + ["PgUp/PgDn scroll", "? help", "q quit"]
        case .sheet: return ["Enter confirm", "Esc cancel", "a Ask to Buy"]
        case .crashMenu: return ["0 crash now", "1–6 arm a crash point", "7 power cut", "other key: back"]
        case .transactions:
            return ["a approve", "d decline", "r resolve", "f refund", "n auto-renew", "e expire", "w renew now", "x delete",
                    "g forge", "p replay", "1/2/3 clock +1h/+1d/+30d", "Esc"]
        case .faults: return ["↑↓ select", "Enter toggle", "Esc close"]
        case .help: return ["any key: back"]
        case .report: return ["Enter dismiss", "q quit"]
        }
    }
}
