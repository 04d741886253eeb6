import IAPCore
import Simulator

/// The dialogs and panels drawn over the main screen.
enum DialogViews {
    static func sheet(_ productId: String, _ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        guard let product = model.catalog.product(id: productId) else { return }
        let width = min(screen.width - 2, 52)
        let lines = [product.title(locale: state.locale), product.description(locale: state.locale)].flatMap { wrap($0, width - 4) }
            + ["", "Price    " + model.catalog.formattedPrice(of: product, locale: state.locale), "Account  " + model.account, ""]
        let inner = buffer.box(screen.centred(width: width, height: lines.count + 3), title: "App Store")
        buffer.lines(lines, in: inner)
        buffer.put("[Enter] Confirm   [Esc] Cancel   [a] Ask to Buy", x: inner.x, y: inner.y + inner.height - 1, style: .bold, limit: inner.width)
    }

    /// The crash menu: the points with the armed one marked, what is armed, and the keys.
    static func crashMenu(_ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        var lines = ["0    crash now, between two messages"] + pointLines(model)
        lines += [
            "\(CrashPoint.allCases.count + 1)    power cut now: the app dies and its unsynced writes are lost",
            "p    power cut at a point…      d  disarm",
            "",
            armedLine(model),
        ]
        dialog("Crash the app", lines, into: &buffer, screen: screen)
    }

    /// The crash menu's second step: the point at which the power goes.
    static func powerCutMenu(_ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        dialog("Cut the power at a point", pointLines(model) + ["", "the device loses power when a flow gets there; other key: back"],
               into: &buffer, screen: screen)
    }

    /// The strategies, the current one marked; picking one relaunches the app under it.
    static func strategyMenu(_ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        var lines = Strategy.allCases.enumerated().map { index, strategy in
            let mark = strategy == model.settings.strategy ? "▶" : " "
            return "\(index + 1) \(mark) \(fit(strategy.rawValue, 19)) \(strategy.summary)"
        }
        lines += ["", "the app quits and relaunches under it, with launch recovery; other key: back"]
        dialog("Strategy, then relaunch", lines, into: &buffer, screen: screen)
    }

    /// A framed dialog as wide as its widest line, or the screen when that is narrower; lines
    /// too long for it wrap instead of being cut.
    private static func dialog(_ title: String, _ lines: [String], into buffer: inout CellBuffer, screen: Rect) {
        let widest = (lines + [title + "  "]).map(DisplayWidth.of).max() ?? 0
        let width = min(screen.width - 2, widest + 4)
        let wrapped = lines.flatMap { wrap($0, width - 4) }
        let inner = buffer.box(screen.centred(width: width, height: min(screen.height, wrapped.count + 2)), title: title)
        buffer.lines(wrapped, in: inner)
    }

    /// One line a crash point: its key, ▶ when armed or ✗ when the current strategy never gets
    /// there, its name and the step it follows; then the legend of the marks.
    private static func pointLines(_ model: WorldView) -> [String] {
        let strategy = model.settings.strategy
        let points = CrashPoint.allCases.enumerated().map { index, point in
            let mark = model.armedCrash == point ? "▶" : (StrategyFlow.reaches(strategy, point) ? " " : "✗")
            return "\(index + 1) \(mark)  \(fit(point.rawValue, 16)) \(point.explanation)"
        }
        return points + ["     ▶ armed   ✗ \(strategy.rawValue) never gets there"]
    }

    /// What is armed now, and whether the current strategy ever gets there.
    private static func armedLine(_ model: WorldView) -> String {
        guard let point = model.armedCrash else { return "Nothing is armed." }
        let what = model.armedPowerCut ? "A power cut" : "A crash"
        let never = model.armedCrashUnreachable
            ? ": \(model.settings.strategy.rawValue) never gets there, so it will not fire" : ""
        return "\(what) is armed at \(point.rawValue)\(never)."
    }

    /// Every key, from the same bindings the update carries out: the main screen's in two
    /// columns, then one line for each panel, then the timeline's symbols. The strategies, each
    /// explained, are in the strategy menu (`m`), where one is also picked.
    static func help(into buffer: inout CellBuffer, screen: Rect) {
        var lines = columns(KeyMap.main(stepMode: false).bindings.map(\.helpText), width: 37)
        lines += [
            "sheet: " + KeyMap.sheet("").summary,
            "crash menu: " + KeyMap.crashMenu.summary,
            "transactions: " + KeyMap.transactions.summary,
            "faults: " + KeyMap.faults.summary,
            "strategies, each explained: m",
            "",
        ]
        lines += TimelineLegend.lines
        dialog("Help", lines, into: &buffer, screen: screen)
    }

    static func report(_ title: String, _ lines: [String], into buffer: inout CellBuffer, screen: Rect) {
        let width = min(screen.width - 4, 96)
        let wrapped = lines.flatMap { wrap($0, width - 4) }
        let inner = buffer.box(screen.centred(width: width, height: wrapped.count + 4), title: title, style: .bold)
        buffer.lines(wrapped, in: inner)
        buffer.put("[Enter] dismiss", x: inner.x, y: inner.y + inner.height - 1, style: .bold, limit: inner.width)
    }

    static func transactions(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let inner = buffer.box(Rect(x: 2, y: 2, width: screen.width - 4, height: screen.height - 4), title: "Transactions")
        buffer.put(fit("id", 17) + fit("product", 14) + fit("state", 10) + fit("date", 17) + fit("fin", 4) + "notes",
                   x: inner.x, y: inner.y, style: .bold, limit: inner.width)
        let rows = inner.height - 1
        let records = model.transactions
        let first = max(0, min(state.panelSelection - rows + 1, records.count - rows))
        for (offset, record) in records.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let finished = record.finished ? "yes" : (record.isUnfinished ? "NO" : "—")
            let title = model.catalog.product(id: record.productId)?.title(locale: state.locale) ?? record.productId
            let line = fit(record.id.description, 17) + fit(title, 13) + " " + fit(record.state.rawValue, 10)
                + fit(String(SimulatedTime.format(record.date).prefix(16)), 17) + fit(finished, 4) + notes(record)
            buffer.put(line, x: inner.x, y: inner.y + 1 + offset, style: index == state.panelSelection ? .reverse : [], limit: inner.width)
        }
        if records.isEmpty {
            buffer.put("No transactions yet.", x: inner.x, y: inner.y + 1, style: .dim)
        }
    }

    /// The question before a transaction is deleted from the Store.
    static func confirmDelete(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer,
                              screen: Rect) {
        dialog("Delete a transaction", [
            "Delete tx \(transactionId) (\(KeyMap.title(transactionId, state, model))) from the Store?",
            "The Store forgets it for good: no restore, no redelivery.",
            "", "y  delete        any other key  keep it",
        ], into: &buffer, screen: screen)
    }

    /// What else matters about a transaction: its kind, a refund, an interruption, auto-renew off.
    private static func notes(_ record: TransactionRow) -> String {
        var notes: [String] = []
        if record.kind != .purchase { notes.append(record.kind.rawValue) }
        if record.refunded { notes.append("refunded") }
        if record.error == .interrupted { notes.append("interrupted") }
        if record.autoRenewOff && record.id == record.originalId { notes.append("no auto-renew") }
        return notes.joined(separator: ", ")
    }

    static func faults(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let switches = FaultSwitch.allCases
        let inner = buffer.box(screen.centred(width: 50, height: switches.count + 2), title: "Faults")
        for (index, item) in switches.enumerated() {
            let line = fit(item.label, 30) + item.value(model, selection: state.selection)
            buffer.put(line, x: inner.x, y: inner.y + index, style: index == state.panelSelection ? .reverse : [], limit: inner.width)
        }
    }

    static func tooSmall(_ state: TUIState, into buffer: inout CellBuffer) {
        let message = "terminal too small (need \(TUIState.minimumColumns)×\(TUIState.minimumRows))"
        let width = DisplayWidth.of(message)
        buffer.put(message, x: max(0, (state.columns - width) / 2), y: state.rows / 2, style: .bold, limit: state.columns)
    }
}
