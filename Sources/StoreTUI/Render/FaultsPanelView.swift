import ReadSide

/// The faults panel: each switch on its row with its value, the selected one reversed; the
/// settings that take a URL on a rule below them, each URL cut with `…` where the panel has no
/// room for it; and the settings with keys of their own on the bottom edge. It keeps clear of
/// the status line, which tells what its keys did.
enum FaultsPanelView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let language = state.language
        let switches = FaultSwitch.shown(in: model)
        let urls = URLSetting.allCases.map { ($0, $0.value(model, language)) }
        let width = min(screen.width - 2, max(50, DisplayWidth.of(urlEdge(urls, language, room: .max)) + 4))
        let above = Rect(x: screen.x, y: screen.y, width: screen.width, height: screen.height - 2)
        let panel = above.centred(width: width, height: switches.count + 3)
        let inner = buffer.box(panel, title: language(.faults))
        // Values start in column 30, or two columns after the widest label (a language's labels
        // may be wider), leaving them at least 12 columns.
        let widest = switches.map { DisplayWidth.of($0.label(language)) }.max() ?? 0
        let column = min(max(30, widest + 2), inner.width - 12)
        for (index, item) in switches.enumerated() {
            let line = fit(item.label(language), column - 2) + "  " + item.value(model, selection: state.selection, language)
            buffer.put(line, x: inner.x, y: inner.y + index, style: index == state.panelSelection ? .reverse : [], limit: inner.width)
        }
        let rule = inner.y + switches.count
        buffer.put("├" + String(repeating: "─", count: panel.width - 2) + "┤", x: panel.x, y: rule)
        buffer.put(urlEdge(urls, language, room: inner.width), x: inner.x, y: rule, limit: inner.width)
        let settings = " " + PanelSetting.allCases.map { $0.text(model, language) }.joined(separator: "  ") + " "
        buffer.put(settings, x: inner.x, y: inner.y + inner.height, style: [], limit: inner.width)
    }

    /// The URL settings as their rule shows them, within `room` columns: the whole URLs when they
    /// fit; else, shortest first, each URL takes what it needs of what is left, as long as that
    /// leaves every other URL at least 16 columns (or its even share), and is cut to that.
    static func urlEdge(_ urls: [(URLSetting, String)], _ language: Language, room: Int) -> String {
        func line(_ values: [String]) -> String {
            " " + zip(urls.map(\.0), values).map { setting, value in setting.text(value, language) }.joined(separator: "  ") + " "
        }
        let values = urls.map(\.1)
        let needs = values.map(DisplayWidth.of)
        var remaining = room - DisplayWidth.of(line(values.map { _ in "" }))
        guard needs.reduce(0, +) > remaining else { return line(values) }
        var widths = needs
        let order = needs.indices.sorted { needs[$0] < needs[$1] }
        for (position, index) in order.enumerated() {
            let after = order.count - position - 1
            widths[index] = max(4, min(needs[index], max(remaining / (after + 1), remaining - 16 * after)))
            remaining -= widths[index]
        }
        return line(zip(values, widths).map { clipped($0, $1) })
    }
}
