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

    /// The crash menu: crash now, arm a crash point, cut the power now or at a point, disarm;
    /// any other key goes back.
    static let crashMenu = KeyMap([
        KeyBinding([.character("0")], "0", footer: "crash now", help: "crash now, between two messages") { _, state, _ in
            state.mode = .main
            return [.perform(.crash)]
        },
        KeyBinding(pointKeys, "1–\(CrashPoint.allCases.count)",
                   footer: "arm a crash point", help: "arm a crash point: the app dies when a flow gets there") { key, state, _ in
            state.mode = .main
            guard let point = point(of: key) else { return [] }
            state.status = "Crash armed at \(point.rawValue): the app dies when a flow gets there."
            return [.perform(.crashAt(point))]
        },
        KeyBinding([.character(Character(String(CrashPoint.allCases.count + 1)))], "\(CrashPoint.allCases.count + 1)",
                   footer: "power cut", help: "power cut now: the app dies and its unsynced writes are lost") { _, state, _ in
            state.mode = .main
            return [.perform(.powerCut)]
        },
        KeyBinding([.character("p")], "p", footer: "power cut at…", help: "power cut at a point: pick it next") { _, state, _ in
            state.mode = .powerCutMenu
            return []
        },
        KeyBinding([.character("d")], "d", footer: "disarm", help: "disarm the armed crash or power cut") { _, state, model in
            state.mode = .main
            guard model.armedCrash != nil else {
                state.status = "Nothing is armed."
                return []
            }
            state.status = "Disarmed: no crash is armed."
            return [.perform(.disarm)]
        },
    ], otherwise: back("other key:"))

    /// The power-cut menu: the point at which the power goes; any other key goes back.
    static let powerCutMenu = KeyMap([
        KeyBinding(pointKeys, "1–\(CrashPoint.allCases.count)", footer: "cut the power at a point",
                   help: "the device loses power when a flow gets there") { key, state, _ in
            state.mode = .main
            guard let point = point(of: key) else { return [] }
            state.status = "Power cut armed at \(point.rawValue): the device loses power when a flow gets there."
            return [.perform(.powerCutAt(point))]
        },
    ], otherwise: back("other key:"))

    /// The strategy menu: pick one, and the app relaunches under it in the same world.
    static let strategyMenu = KeyMap([
        KeyBinding((1...Strategy.allCases.count).map { .character(Character(String($0))) }, "1–\(Strategy.allCases.count)",
                   footer: "relaunch under a strategy", help: "the app quits and relaunches under it, with recovery") { key, state, model in
            state.mode = .main
            guard case .character(let digit) = key, let number = digit.wholeNumberValue,
                  Strategy.allCases.indices.contains(number - 1) else { return [] }
            let strategy = Strategy.allCases[number - 1]
            state.lossReportDue = true
            state.status = "Relaunched under \(strategy.rawValue)."
            return (model.appStatus.isRunning ? [.perform(.quit)] : []) + [.perform(.strategy(strategy)), .perform(.launch)]
        },
    ], otherwise: back("other key:"))

    /// The keys 1–6, one a crash point in the order of `CrashPoint.allCases`.
    private static let pointKeys: [Key] = (1...CrashPoint.allCases.count).map { .character(Character(String($0))) }

    /// The crash point a key 1–6 names.
    private static func point(of key: Key) -> CrashPoint? {
        guard case .character(let digit) = key, let number = digit.wholeNumberValue,
              CrashPoint.allCases.indices.contains(number - 1) else { return nil }
        return CrashPoint.allCases[number - 1]
    }

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
