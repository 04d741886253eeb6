import ReadSide

/// The worlds panel: each world the interface holds on a row of its own — its key, ▶ for the
/// one shown, its strategy, what it lost and its name — then how a crash behaves in each and
/// that the added ones are temporary.
enum WorldsView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let language = state.language
        var lines = state.worlds.enumerated().map { index, entry in
            let shown = index == state.currentWorld
            let strategy = shown ? model.settings.strategy : entry.strategy
            let lost = shown ? model.losses.count : entry.lost
            let outcome = lost == 0 ? language(.nothingLost) : language(.lost, lost)
            return "\(index + 1) \(shown ? "▶" : " ") \(fit(strategy.rawValue, 19)) \(fit(outcome, 13)) \(name(entry, language))"
        }
        lines.append("")
        if state.worlds.contains(where: \.crashIsReal) {
            lines.append(language(.crashIsReal))
        }
        lines += [language(.crashStaysHere), language(.temporaryNote)]
        DialogViews.dialog(language(.worldsTitle), lines, into: &buffer, screen: screen)
    }

    /// The world's name as the panel lists it.
    private static func name(_ entry: WorldEntry, _ language: Language) -> String {
        switch entry.kind {
        case .opened(let path, _): language(.yourWorld, path)
        case .fresh(let number): language(.freshWorld, number)
        case .lesson(let number, let title): language(.lessonWorld, number, title)
        }
    }

    /// The header's name of the world shown, once the interface holds more than one, and of a
    /// world served beside it always.
    static func headerName(_ state: TUIState) -> String? {
        if state.currentWorld == 0, let url = state.servedAt { return state.language(.headerServed, url) }
        guard state.worlds.count > 1, state.worlds.indices.contains(state.currentWorld) else { return nil }
        if case .lesson(let number, _) = state.worlds[state.currentWorld].kind {
            return state.language(.headerLesson, number)
        }
        return state.language(.headerFreshWorld, state.currentWorld + 1)
    }
}
