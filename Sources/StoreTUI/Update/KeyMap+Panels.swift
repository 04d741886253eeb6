import IAPCore
import Simulator

extension KeyMap {
    /// The purchase sheet: confirm, cancel, or ask a parent.
    static func sheet(_ productId: String) -> KeyMap {
        func answer(_ key: Key, _ label: String, _ answer: SheetAnswer, _ words: String) -> KeyBinding {
            KeyBinding([key], label, footer: words, help: words) { _, state, _ in
                state.mode = .main
                state.status = "Buy \(productId): \(answer.rawValue)"
                return [.perform(.buy(productId: productId, answer: answer))]
            }
        }
        return KeyMap([
            answer(.enter, "Enter", .confirm, "confirm"), answer(.escape, "Esc", .cancel, "cancel"),
            answer(.character("a"), "a", .ask, "Ask to Buy"),
        ])
    }

    /// The crash menu: crash now, arm a crash point, or cut the power; any other key goes back.
    static let crashMenu = KeyMap([
        KeyBinding([.character("0")], "0", footer: "crash now", help: "crash now, between two messages") { _, state, _ in
            state.mode = .main
            return [.perform(.crash)]
        },
        KeyBinding((1...CrashPoint.allCases.count).map { .character(Character(String($0))) }, "1–\(CrashPoint.allCases.count)",
                   footer: "arm a crash point", help: "arm a crash point: the app dies when a flow gets there") { key, state, _ in
            state.mode = .main
            guard case .character(let digit) = key, let number = digit.wholeNumberValue else { return [] }
            let point = CrashPoint.allCases[number - 1]
            state.status = "Crash armed at \(point.rawValue): the app dies when a flow gets there."
            return [.perform(.crashAt(point))]
        },
        KeyBinding([.character(Character(String(CrashPoint.allCases.count + 1)))], "\(CrashPoint.allCases.count + 1)",
                   footer: "power cut", help: "power cut now: the app dies and its unsynced writes are lost") { _, state, _ in
            state.mode = .main
            return [.perform(.powerCut)]
        },
    ], otherwise: back("other key:"))

    /// The faults panel: pick a switch and toggle it.
    static let faults = KeyMap([
        KeyBinding([.up, .character("k"), .down, .character("j")], "↑↓", footer: "select", help: "pick a switch") { key, state, _ in
            let up = key == .up || key == .character("k")
            state.panelSelection = up ? max(0, state.panelSelection - 1)
                : min(FaultSwitch.allCases.count - 1, state.panelSelection + 1)
            return []
        },
        KeyBinding([.enter, .space], "Enter", footer: "toggle", help: "turn the switch to its next value") { _, state, model in
            let switches = FaultSwitch.allCases
            guard state.panelSelection < switches.count else { return [] }
            return [.perform(switches[state.panelSelection].toggled(model, selection: state.selection))]
        },
        closing([.escape, .character("f"), .character("q")], "Esc", footer: "close"),
    ])

    /// The help dialog: any key goes back.
    static let help = KeyMap([], otherwise: back("any key:"))

    /// The recovery report: dismiss it, or quit.
    static let report = KeyMap([
        closing([.enter, .escape, .space], "Enter", footer: "dismiss"),
        KeyBinding([.character("q")], "q", footer: "quit", help: "quit") { _, _, _ in [.quit] },
    ])

    /// A binding that goes back to the main screen.
    static func closing(_ keys: [Key], _ label: String, footer: String) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: "back to the main screen") { _, state, _ in
            state.mode = .main
            return []
        }
    }

    private static func back(_ label: String) -> KeyBinding {
        KeyBinding([], label, footer: "back", help: "back to the main screen") { _, state, _ in
            state.mode = .main
            return []
        }
    }
}
