import IAPCore
import ScenarioLanguage

extension KeyMap {
    /// The purchase sheet: confirm, cancel, or ask a parent.
    static func sheet(_ productId: String, store: StoreKind = .appStore) -> KeyMap {
        func answer(_ key: Key, _ label: String, _ answer: SheetAnswer, _ words: Phrase, said: Phrase? = nil) -> KeyBinding {
            KeyBinding([key], label, footer: words, help: words) { _, state, _ in
                state.mode = .main
                state.status = state.language(.buying, productId, state.language(said ?? words))
                return [.perform(.buy(productId: productId, answer: answer))]
            }
        }
        // Google Play's sheet has no Ask to Buy; a delayed form of payment makes the purchase PENDING.
        let other = store == .play ? answer(.character("p"), "p", .pending, .pendingPayment, said: .answerPending)
            : answer(.character("a"), "a", .ask, .askToBuy, said: .answerAsk)
        return KeyMap([answer(.enter, "Enter", .confirm, .confirm), answer(.escape, "Esc", .cancel, .cancel), other])
    }

    /// The crash menu: crash now, arm a crash point, cut the power now or at a point, disarm;
    /// any other key goes back.
    static let crashMenu = KeyMap([
        KeyBinding([.character("0")], "0", footer: .crashNow, help: .crashNowBetween) { _, state, _ in
            state.mode = .main
            return [.perform(.crash)]
        },
        KeyBinding(pointKeys, "1–\(CrashPoint.allCases.count)",
                   footer: .armPoint, help: .armPointHelp) { key, state, _ in
            state.mode = .main
            guard let point = point(of: key) else { return [] }
            state.status = state.language(.crashArmedStatus, point.rawValue)
            return [.perform(.crashAt(point))]
        },
        KeyBinding([.character(Character(String(CrashPoint.allCases.count + 1)))], "\(CrashPoint.allCases.count + 1)",
                   footer: .powerCut, help: .powerCutNow) { _, state, _ in
            state.mode = .main
            return [.perform(.powerCut)]
        },
        KeyBinding([.character("p")], "p", footer: .powerCutAt, help: .powerCutAtHelp) { _, state, _ in
            state.mode = .powerCutMenu
            return []
        },
        KeyBinding([.character("d")], "d", footer: .disarm, help: .disarmHelp) { _, state, model in
            state.mode = .main
            guard model.armedCrash != nil else {
                state.status = state.language(.nothingArmed)
                return []
            }
            state.status = state.language(.disarmed)
            return [.perform(.disarm)]
        },
    ], otherwise: back(.otherKey))

    /// The power-cut menu: the point at which the power goes; any other key goes back.
    static let powerCutMenu = KeyMap([
        KeyBinding(pointKeys, "1–\(CrashPoint.allCases.count)", footer: .cutAtPoint, help: .cutAtPointHelp) { key, state, _ in
            state.mode = .main
            guard let point = point(of: key) else { return [] }
            state.status = state.language(.powerCutArmedStatus, point.rawValue)
            return [.perform(.powerCutAt(point))]
        },
    ], otherwise: back(.otherKey))

    /// The strategy menu: pick one, and the app relaunches under it in the same world.
    static let strategyMenu = KeyMap([
        KeyBinding(digitKeys(Strategy.allCases.count), "1–\(Strategy.allCases.count)",
                   footer: .relaunch, help: .relaunchHelp) { key, state, model in
            state.mode = .main
            guard let number = digit(key), Strategy.allCases.indices.contains(number - 1) else { return [] }
            let strategy = Strategy.allCases[number - 1]
            state.lossReportDue = true
            state.status = state.language(.relaunched, strategy.rawValue)
            return (model.appStatus.isRunning ? [.perform(.quit)] : []) + [.perform(.strategy(strategy)), .perform(.launch)]
        },
    ], otherwise: back(.otherKey))

    /// The keys 1–6, one a crash point in the order of `CrashPoint.allCases`.
    private static let pointKeys = digitKeys(CrashPoint.allCases.count)

    /// The crash point a key 1–6 names.
    private static func point(of key: Key) -> CrashPoint? {
        guard let number = digit(key), CrashPoint.allCases.indices.contains(number - 1) else { return nil }
        return CrashPoint.allCases[number - 1]
    }

    /// The faults panel: pick a switch and toggle it, or switch the app's StoreKit API or the
    /// App Store Server Notifications by their own keys, type the outside server's URL or the
    /// notifications URL, or have the Server request a `TEST` notification.
    static let faults = KeyMap([
        KeyBinding([.up, .character("k"), .down, .character("j")], "↑↓", footer: .select, help: .pickSwitch) { key, state, model in
            let up = key == .up || key == .character("k")
            state.panelSelection = up ? max(0, state.panelSelection - 1)
                : min(FaultSwitch.shown(in: model).count - 1, state.panelSelection + 1)
            return []
        },
        KeyBinding([.enter, .space], "Enter", footer: .toggle, help: .toggleHelp) { _, state, model in
            let switches = FaultSwitch.shown(in: model)
            guard state.panelSelection < switches.count else { return [] }
            return [.perform(switches[state.panelSelection].toggled(model, selection: state.selection))]
        },
        setting(.api),
        setting(.notifications),
        urlSetting(.server),
        urlSetting(.notifications),
        KeyBinding([.character("t")], "t", footer: .testNotificationKey, help: .testNotificationKeyHelp) { _, _, _ in
            [.perform(.serverTestNotification)]
        },
        closing([.escape, .character("f"), .character("q")], "Esc", footer: .words(.close)),
    ])

    /// The key of one of the faults panel's settings: turns it to its next value.
    private static func setting(_ setting: PanelSetting) -> KeyBinding {
        KeyBinding([.character(setting.key)], String(setting.key), footer: setting.footer, help: setting.help) { _, _, model in
            [.perform(setting.toggled(model))]
        }
    }

    /// The key of one of the faults panel's URL settings: opens its entry, prefilled with the URL
    /// set now.
    private static func urlSetting(_ setting: URLSetting) -> KeyBinding {
        KeyBinding([.character(setting.key)], String(setting.key), footer: setting.footer, help: setting.help) { _, state, model in
            state.mode = .urlEntry(URLEntry(setting, text: setting.current(model) ?? ""))
            return []
        }
    }

    /// The help dialog: a lesson's number opens it; any other key goes back.
    static let help = KeyMap([lessonKeys], otherwise: back(.anyKey))

    /// The recovery report: dismiss it, or quit.
    static let report = KeyMap([
        closing([.enter, .escape, .space], "Enter", footer: .words(.dismiss)),
        KeyBinding([.character("q")], "q", footer: .quit, help: .quit) { _, _, _ in [.quit] },
    ])

    /// A binding that goes back to the main screen.
    static func closing(_ keys: [Key], _ label: String, footer: KeyBinding.Footer) -> KeyBinding {
        KeyBinding(keys, .key(label), footer: footer, help: .backHelp) { _, state, _ in
            state.mode = .main
            return []
        }
    }

    private static func back(_ label: Phrase) -> KeyBinding {
        KeyBinding([], .words(label), footer: .words(.back), help: .backHelp) { _, state, _ in
            state.mode = .main
            return []
        }
    }
}
