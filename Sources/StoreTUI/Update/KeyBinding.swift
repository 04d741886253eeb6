import Simulator

/// One key of the interface, declared once: the keys that press it, how the footer and the help
/// dialog name it, and what it does. The update, the footer and help all read it.
struct KeyBinding: Sendable {
    /// The keys that press it; empty for "any other key".
    let keys: [Key]
    /// The key as the footer and help write it: `r`, `Enter`, `↑↓`.
    let label: String
    /// What it does, in the footer's few words; nil keeps it out of the footer.
    let footer: String?
    /// What it does, in the help dialog's words.
    let help: String
    let press: @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]

    init(_ keys: [Key], _ label: String, footer: String?, help: String,
         press: @escaping @Sendable (Key, inout TUIState, WorldView) -> [TUIEffect]) {
        self.keys = keys
        self.label = label
        self.footer = footer
        self.help = help
        self.press = press
    }

    /// The binding as the footer shows it, when it is shown there.
    var footerText: String? {
        footer.map { $0.isEmpty ? label : "\(label) \($0)" }
    }

    /// The binding as the help dialog lists it.
    var helpText: String {
        "\(label)  \(help)"
    }
}

/// The keys of one mode of the interface, in the order the footer and help list them.
struct KeyMap: Sendable {
    let bindings: [KeyBinding]
    /// What any other key does, if anything.
    let otherwise: KeyBinding?

    init(_ bindings: [KeyBinding], otherwise: KeyBinding? = nil) {
        self.bindings = bindings
        self.otherwise = otherwise
    }

    /// The keys that work in the state's mode now.
    static func current(_ state: TUIState) -> KeyMap {
        switch state.mode {
        case .main: return state.playback == nil ? main(stepMode: state.stepMode) : playing(main(stepMode: state.stepMode))
        case .sheet(let productId): return sheet(productId)
        case .crashMenu: return crashMenu
        case .powerCutMenu: return powerCutMenu
        case .strategyMenu: return strategyMenu
        case .transactions: return transactions
        case .confirmDelete(let transactionId): return confirmDelete(transactionId)
        case .faults: return faults
        case .help: return help
        case .report: return report
        }
    }

    /// Carries out what `key` does; a key the mode does not know does nothing.
    func press(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        guard let binding = bindings.first(where: { $0.keys.contains(key) }) ?? otherwise else { return [] }
        return binding.press(key, &state, model)
    }

    /// The footer's entries, in order.
    var footer: [String] {
        (bindings + [otherwise].compactMap { $0 }).compactMap(\.footerText)
    }

    /// The bindings as one line of the help dialog: `a approve, d decline, …`.
    var summary: String {
        bindings.compactMap(\.footerText).joined(separator: ", ")
    }
}
