import IAPCore
import Lessons
import ReadSide
import WorldCore

/// The dialogs and panels drawn over the main screen, in the interface's language.
enum DialogViews {
    static func sheet(_ productId: String, _ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        guard let product = model.catalog.product(id: productId) else { return }
        let language = state.language
        let width = min(screen.width - 2, 52)
        let lines = [product.title(locale: state.locale), product.description(locale: state.locale)].flatMap { wrap($0, width - 4) }
            + ["", language(.sheetPrice, model.catalog.formattedPrice(of: product, locale: state.locale)),
               language(.sheetAccount, model.account), ""]
        let play = model.settings.store == .play
        let inner = buffer.box(screen.centred(width: width, height: lines.count + 3), title: play ? "Google Play" : language(.appStore))
        buffer.lines(lines, in: inner)
        buffer.put(language(play ? .playSheetKeys : .sheetKeys), x: inner.x, y: inner.y + inner.height - 1, style: .bold, limit: inner.width)
    }

    /// The crash menu: the points with the armed one marked and whether a crash there loses the
    /// money, what is armed, and the keys.
    static func crashMenu(_ language: Language, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        var lines = ["0    " + language(.crashNowBetween)] + pointLines(language, model, outcomes: true)
        lines += [
            "\(CrashPoint.allCases.count + 1)    " + language(.powerCutNow),
            language(.powerCutAtOrDisarm),
            "",
            armedLine(language, model),
        ]
        dialog(language(.crashMenu), lines, into: &buffer, screen: screen)
    }

    /// The crash menu's second step: the point at which the power goes.
    static func powerCutMenu(_ language: Language, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        dialog(language(.powerCutMenu), pointLines(language, model) + ["", language(.powerCutMenuNote)], into: &buffer, screen: screen)
    }

    /// The strategies, the current one marked; picking one relaunches the app under it.
    static func strategyMenu(_ language: Language, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        var lines = Strategy.allCases.enumerated().map { index, strategy in
            let mark = strategy == model.settings.strategy ? "▶" : " "
            return "\(index + 1) \(mark) \(fit(strategy.word(on: model.settings.store), model.settings.store == .play ? 23 : 19)) \(language.summary(strategy, on: model.settings.store))"
        }
        lines += ["", language(.strategyMenuNote)]
        dialog(language(.strategyMenu), lines, into: &buffer, screen: screen)
    }

    /// A framed dialog as wide as its widest line, or the screen when that is narrower; lines
    /// too long for it wrap instead of being cut.
    static func dialog(_ title: String, _ lines: [String], into buffer: inout CellBuffer, screen: Rect) {
        let widest = (lines + [title + "  "]).map(DisplayWidth.of).max() ?? 0
        let width = min(screen.width - 2, widest + 4)
        let wrapped = lines.flatMap { wrap($0, width - 4) }
        let inner = buffer.box(screen.centred(width: width, height: min(screen.height, wrapped.count + 2)), title: title)
        buffer.lines(wrapped, in: inner)
    }

    /// One line a crash point: its key, ▶ when armed or ✗ when the current strategy never gets
    /// there, its name, with `outcomes` whether a crash there loses the money or is recovered
    /// (the strategy matrix's rule), and the step it follows; then the legend of the marks.
    private static func pointLines(_ language: Language, _ model: WorldView, outcomes: Bool = false) -> [String] {
        let strategy = model.settings.strategy
        let store = model.settings.store
        let points = CrashPoint.allCases.enumerated().map { index, point in
            let reached = StrategyFlow.reaches(strategy, point)
            let mark = model.armedCrash == point ? "▶" : (reached ? " " : "✗")
            let tag = reached ? language(model.crashLoses(at: point) ? .pointLoses : .pointRecovers) : ""
            let outcome = outcomes ? fit(tag, 8) + "  " : ""
            return "\(index + 1) \(mark)  \(fit(point.word(on: store), store == .play ? 21 : 16)) \(outcome)\(language.explanation(point, on: store))"
        }
        return points + ["     " + language(.pointLegend, strategy.word(on: store))]
    }

    /// What is armed now, and whether the current strategy ever gets there.
    private static func armedLine(_ language: Language, _ model: WorldView) -> String {
        guard let point = model.armedCrash else { return language(.nothingArmed) }
        let store = model.settings.store
        guard model.armedCrashUnreachable else {
            return language(model.armedPowerCut ? .powerCutArmedAt : .crashArmedAt, point.word(on: store))
        }
        return language(model.armedPowerCut ? .powerCutArmedNever : .crashArmedNever, point.word(on: store),
                        model.settings.strategy.word(on: store))
    }

    /// Every key, from the same bindings the update carries out: the main screen's in two
    /// columns, then one line for each panel (the sheet's and the crash menu's share one), the
    /// lessons a digit opens, then the timeline's symbols. The strategies, each explained, are in
    /// the strategy menu (`m`).
    static func help(_ language: Language, into buffer: inout CellBuffer, screen: Rect) {
        var lines = columns(KeyMap.main(stepMode: false).bindings.map { $0.helpText(language) }, width: 37)
        lines += [
            language(.helpSheet, KeyMap.sheet("").summary(language)) + "  " + language(.helpCrashMenu, KeyMap.crashMenu.summary(language)),
            language(.helpTransactions, KeyMap.transactions.summary(language)),
            language(.helpFaults, KeyMap.faults.summary(language)),
            language(.lessonsLine, Lesson.all.map { "\($0.number) \($0.title)" }.joined(separator: "  ")),
        ]
        lines += TimelineLegend.lines(language)
        dialog(language(.help), lines, into: &buffer, screen: screen)
    }

    static func report(_ language: Language, _ title: String, _ lines: [String], into buffer: inout CellBuffer, screen: Rect) {
        let width = min(screen.width - 4, 96)
        let wrapped = lines.flatMap { wrap($0, width - 4) }
        let inner = buffer.box(screen.centred(width: width, height: wrapped.count + 4), title: title, style: .bold)
        buffer.lines(wrapped, in: inner)
        buffer.put(language(.dismissKey), x: inner.x, y: inner.y + inner.height - 1, style: .bold, limit: inner.width)
    }

    /// The question before a transaction is deleted from the Store.
    static func confirmDelete(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer,
                              screen: Rect) {
        let language = state.language
        dialog(language(.deleteTitle), [
            language(.deleteQuestion, transactionId, KeyMap.title(transactionId, state, model)),
            language(.deleteForGood),
            "", language(.deleteKeys),
        ], into: &buffer, screen: screen)
    }

    /// The question before every transaction is cleared from the Store.
    static func confirmClear(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let language = state.language
        dialog(language(.clearTitle), [
            language(.clearQuestion, model.transactions.count), language(.deleteForGood), "", language(.clearKeys),
        ], into: &buffer, screen: screen)
    }

    static func tooSmall(_ state: TUIState, into buffer: inout CellBuffer) {
        let message = state.language(.tooSmall, TUIState.minimumColumns, TUIState.minimumRows)
        let width = DisplayWidth.of(message)
        buffer.put(message, x: max(0, (state.columns - width) / 2), y: state.rows / 2, style: .bold, limit: state.columns)
    }
}
