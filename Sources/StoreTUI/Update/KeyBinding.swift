import ReadSide

/// One key of the interface, declared once: the keys that press it, how the footer and the help
/// dialog name it, and what it does. The update, the footer and help all read it; the words are
/// phrases, worded in the interface's language when shown.
struct KeyBinding: Sendable {
    /// How the footer and help name the key: by the key's own name (`r`, `Enter`, `↑↓`), or in
    /// words for "any other key".
    enum Label: Sendable {
        case key(String)
        case words(Phrase)
    }

    /// Whether the footer shows the binding, as its key alone or with a few words of any of the
    /// interface's tables.
    enum Footer: Sendable {
        case hidden
        case keyOnly
        case worded(any Worded)

        /// The key with a few words of the main table.
        static func words(_ phrase: Phrase) -> Footer { .worded(phrase) }
    }

    /// The keys that press it; empty for "any other key".
    let keys: [Key]
    let label: Label
    let footer: Footer
    /// What it does, in the help dialog's words.
    let help: any Worded
    let press: @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]

    init(_ keys: [Key], _ label: Label, footer: Footer, help: Phrase,
         press: @escaping @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]) {
        self.init(keys, label, footer: footer, worded: help, press: press)
    }

    /// A key named by itself; `footer` nil keeps it out of the footer.
    init(_ keys: [Key], _ label: String, footer: Phrase?, help: Phrase,
         press: @escaping @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]) {
        self.init(keys, .key(label), footer: footer.map(Footer.words) ?? .hidden, help: help, press: press)
    }

    /// A key named by itself, in words of any of the interface's tables; `footer` nil keeps it
    /// out of the footer.
    init(_ keys: [Key], _ label: String, footer: (any Worded)?, help: any Worded,
         press: @escaping @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]) {
        self.init(keys, .key(label), footer: footer.map(Footer.worded) ?? .hidden, worded: help, press: press)
    }

    private init(_ keys: [Key], _ label: Label, footer: Footer, worded help: any Worded,
                 press: @escaping @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]) {
        self.keys = keys
        self.label = label
        self.footer = footer
        self.help = help
        self.press = press
    }

    /// The key's name in `language`.
    func label(_ language: Language) -> String {
        switch label {
        case .key(let name): name
        case .words(let phrase): language(phrase)
        }
    }

    /// The footer's words for it, when it has any.
    var footerWords: (any Worded)? {
        if case .worded(let phrase) = footer { phrase } else { nil }
    }

    /// The binding as the footer shows it, when it is shown there.
    func footerText(_ language: Language) -> String? {
        switch footer {
        case .hidden: nil
        case .keyOnly: label(language)
        case .worded(let phrase): "\(label(language)) \(language(phrase))"
        }
    }

    /// The binding as the help dialog lists it.
    func helpText(_ language: Language) -> String {
        "\(label(language))  \(language(help))"
    }
}

/// The keys of one mode of the interface, in the order the footer and help list them.
struct KeyMap: Sendable {
    let bindings: [KeyBinding]
    /// What any other key does, if anything.
    let otherwise: KeyBinding?
    /// True when the footer shows every key of the mode, on as many rows as they need; else it
    /// keeps to one row and the keys before the last two give way.
    let showsEveryKey: Bool

    init(_ bindings: [KeyBinding], otherwise: KeyBinding? = nil, showsEveryKey: Bool = false) {
        self.bindings = bindings
        self.otherwise = otherwise
        self.showsEveryKey = showsEveryKey
    }

    /// The keys that work in the state's mode now. An app that crashed in this process, outside a
    /// played script (whose own step relaunches it), waits for `o`.
    static func current(_ state: TUIState, _ model: WorldView) -> KeyMap {
        switch state.mode {
        case .main:
            let launchWaits = state.playback == nil && !state.shownWorldCrashIsReal && !model.appStatus.isRunning
            let main = main(stepMode: state.stepMode, launchWaits: launchWaits)
            return state.playback == nil ? main : playing(main)
        case .sheet(let productId): return sheet(productId, store: model.settings.store)
        case .crashMenu: return crashMenu
        case .powerCutMenu: return powerCutMenu
        case .strategyMenu: return strategyMenu
        case .transactions: return transactions
        case .decoded: return decoded
        case .confirmDelete(let transactionId): return confirmDelete(transactionId)
        case .confirmClear: return confirmClear
        case .faults: return faults
        case .urlEntry(let entry): return urlEntry(entry)
        case .help: return help
        case .worlds: return worlds(count: state.worlds.count)
        case .report: return report
        }
    }

    /// Carries out what `key` does; a key the mode does not know does nothing.
    func press(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        guard let binding = bindings.first(where: { $0.keys.contains(key) }) ?? otherwise else { return [] }
        return binding.press(key, &state, model)
    }

    /// The footer's entries, in order.
    func footer(_ language: Language) -> [String] {
        (bindings + [otherwise].compactMap { $0 }).compactMap { $0.footerText(language) }
    }

    /// The bindings as one line of the help dialog: `a approve, d decline, …`.
    func summary(_ language: Language) -> String {
        bindings.compactMap { $0.footerText(language) }.joined(separator: language(.listSeparator))
    }
}
