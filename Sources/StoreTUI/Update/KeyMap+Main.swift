import IAPCore
import Simulator

extension KeyMap {
    /// The main screen's keys; in step mode the keys that step come first.
    static func main(stepMode: Bool) -> KeyMap {
        let stepping = stepMode ? [deliverNext(footer: "next"), stepToggle(footer: "step off")] : []
        let walking = stepMode ? [] : [stepToggle(footer: "step mode"), deliverNext(footer: nil)]
        return KeyMap(stepping + [select, buy, restore, crash, transactionManager, faultsPanel] + walking
                      + [scroll, helpDialog, quit, account, strategyPicker])
    }

    private static let select = KeyBinding(
        [.up, .character("k"), .down, .character("j")], "↑↓", footer: "select", help: "(k j) move in a list"
    ) { key, state, model in
        let up = key == .up || key == .character("k")
        state.selection = up ? max(0, state.selection - 1) : min(max(model.products.count - 1, 0), state.selection + 1)
        let visible = Screen.visibleProducts(rows: state.rows, products: model.products.count)
        state.catalogOffset = min(max(state.catalogOffset, state.selection - visible + 1), state.selection)
        return []
    }

    private static let buy = KeyBinding([.enter], "Enter", footer: "buy", help: "buy the selected product") { _, state, model in
        guard state.selection < model.products.count else { return [] }
        state.mode = .sheet(productId: model.products[state.selection].product.id)
        return []
    }

    private static let restore = KeyBinding([.character("r")], "r", footer: "restore", help: "restore purchases") { _, state, _ in
        state.status = "Restoring purchases…"
        state.restoreSince = state.timeline.last?.seq ?? -1
        return [.perform(.restore)]
    }

    private static let crash = KeyBinding(
        [.character("x")], "x", footer: "crash", help: "crash menu: crash, arm, power cut"
    ) { _, state, _ in
        state.mode = .crashMenu
        return []
    }

    private static let transactionManager = KeyBinding(
        [.character("t")], "t", footer: "transactions", help: "transaction manager"
    ) { _, state, model in
        state.mode = .transactions
        state.panelSelection = max(0, model.transactions.count - 1)
        return []
    }

    private static let faultsPanel = KeyBinding(
        [.character("f")], "f", footer: "faults", help: "faults: network, server, store"
    ) { _, state, _ in
        state.mode = .faults
        state.panelSelection = 0
        return []
    }

    private static func stepToggle(footer: String) -> KeyBinding {
        KeyBinding([.character("s")], "s", footer: footer, help: "step mode on/off") { _, state, _ in
            state.stepMode.toggle()
            state.status = state.stepMode ? "Step mode: Space delivers the next message." : "Step mode off: messages flow."
            return []
        }
    }

    private static func deliverNext(footer: String?) -> KeyBinding {
        KeyBinding([.space], "Space", footer: footer, help: "deliver the next message") { _, _, model in
            model.messagesInFlight > 0 ? [.deliverNext] : []
        }
    }

    private static let scroll = KeyBinding(
        [.pageUp, .pageDown], "PgUp/PgDn", footer: "scroll", help: "scroll the timeline"
    ) { key, state, _ in
        state.timelineOffset = key == .pageUp ? min(max(state.timeline.count - 1, 0), state.timelineOffset + 5)
            : max(0, state.timelineOffset - 5)
        if state.timelineOffset == 0 { state.arrivedWhileScrolled = 0 }
        return []
    }

    private static let helpDialog = KeyBinding([.character("?")], "?", footer: "help", help: "this help") { _, state, _ in
        state.mode = .help
        return []
    }

    private static let quit = KeyBinding([.character("q")], "q", footer: "quit", help: "quit") { _, _, _ in [.quit] }

    private static let strategyPicker = KeyBinding(
        [.character("m")], "m", footer: nil, help: "pick a strategy, relaunch the app under it"
    ) { _, state, _ in
        state.mode = .strategyMenu
        return []
    }

    private static let account = KeyBinding(
        [.character("u")], "u", footer: nil, help: "App Store account: demo / family"
    ) { _, state, model in
        let next = model.account == "demo" ? "family" : "demo"
        state.status = "The device is signed into the App Store as \(next)."
        return [.perform(.account(next))]
    }
}
