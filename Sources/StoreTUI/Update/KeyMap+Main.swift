import IAPCore
import ScenarioLanguage

extension KeyMap {
    /// The main screen's keys; in step mode the keys that step come first, and after a crash that
    /// stayed in this process the key that launches the app again leads, in the footer too.
    static func main(stepMode: Bool, launchWaits: Bool = false) -> KeyMap {
        let stepping = stepMode ? [deliverNext(footer: .next), stepToggle(footer: .stepOff)] : []
        let walking = stepMode ? [] : [stepToggle(footer: .stepMode), deliverNext(footer: nil)]
        let launching = launchWaits ? [launchApp(footer: .launchKey)] : []
        return KeyMap(launching + stepping + [select, buy, restore, crash, transactionManager, faultsPanel] + walking
                      + [scroll, helpDialog, quit, account, strategyPicker, lane, worldsPanel] + (launchWaits ? [] : [launchApp(footer: nil)]))
    }

    private static let select = KeyBinding(
        [.up, .character("k"), .down, .character("j")], "↑↓", footer: .select, help: .moveInAList
    ) { key, state, model in
        let up = key == .up || key == .character("k")
        state.selection = up ? max(0, state.selection - 1) : min(max(model.products.count - 1, 0), state.selection + 1)
        let visible = Screen.visibleProducts(rows: state.rows, products: model.products.count)
        state.catalogOffset = min(max(state.catalogOffset, state.selection - visible + 1), state.selection)
        return []
    }

    private static let buy = KeyBinding([.enter], "Enter", footer: .buy, help: .buySelected) { _, state, model in
        guard state.selection < model.products.count else { return [] }
        state.mode = .sheet(productId: model.products[state.selection].product.id)
        return []
    }

    private static let restore = KeyBinding([.character("r")], "r", footer: .restoreKey, help: .restorePurchases) { _, state, _ in
        state.status = state.language(.restoring)
        state.restoreSince = state.timeline.last?.seq ?? -1
        return [.perform(.restore)]
    }

    private static let crash = KeyBinding([.character("x")], "x", footer: .crash, help: .crashMenuHelp) { _, state, _ in
        state.mode = .crashMenu
        return []
    }

    private static let transactionManager = KeyBinding(
        [.character("t")], "t", footer: .transactionsKey, help: .transactionManager
    ) { _, state, model in
        state.mode = .transactions
        state.panelSelection = max(0, model.transactions.count - 1)
        return []
    }

    private static let faultsPanel = KeyBinding([.character("f")], "f", footer: .faultsKey, help: .faultsHelp) { _, state, _ in
        state.mode = .faults
        state.panelSelection = 0
        return []
    }

    private static func stepToggle(footer: Phrase) -> KeyBinding {
        KeyBinding([.character("s")], "s", footer: footer, help: .stepModeHelp) { _, state, _ in
            state.stepMode.toggle()
            state.status = state.language(state.stepMode ? .stepModeOn : .stepModeOff)
            return []
        }
    }

    private static func deliverNext(footer: Phrase?) -> KeyBinding {
        KeyBinding([.space], "Space", footer: footer, help: .deliverNext) { _, _, model in
            model.messagesInFlight > 0 ? [.deliverNext] : []
        }
    }

    private static let scroll = KeyBinding([.pageUp, .pageDown], "PgUp/PgDn", footer: .scroll, help: .scrollTimeline) { key, state, _ in
        state.timelineOffset = key == .pageUp ? min(max(state.timeline.count - 1, 0), state.timelineOffset + 5)
            : max(0, state.timelineOffset - 5)
        if state.timelineOffset == 0 { state.arrivedWhileScrolled = 0 }
        return []
    }

    private static let lane = KeyBinding([.character("l")], "l", footer: nil, help: .laneHelp) { _, state, model in
        guard LanesView.any(model) else {
            state.status = state.language(.laneNothing)
            return []
        }
        state.laneToggled.toggle()
        state.status = LanesView.toggled(state, model)
        return []
    }

    private static let helpDialog = KeyBinding([.character("?")], "?", footer: .helpKey, help: .thisHelp) { _, state, _ in
        state.mode = .help
        return []
    }

    private static let quit = KeyBinding([.character("q")], "q", footer: .quit, help: .quit) { _, _, _ in [.quit] }

    private static let strategyPicker = KeyBinding([.character("m")], "m", footer: nil, help: .pickStrategy) { _, state, _ in
        state.mode = .strategyMenu
        return []
    }

    private static let account = KeyBinding([.character("u")], "u", footer: nil, help: .accountHelp) { _, state, model in
        let next = model.account == "demo" ? "family" : "demo"
        state.status = state.language(.signedIn, next)
        return [.perform(.account(next))]
    }
}
