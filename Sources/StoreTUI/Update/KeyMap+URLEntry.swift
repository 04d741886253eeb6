import IAPCore

extension KeyMap {
    /// The entry of a URL setting: a printable character goes in at the cursor, Backspace
    /// deletes the one before it, ← → move it; Enter applies the URL as the scenario line does
    /// (an empty text puts the built-in Server back) and Esc leaves the setting as it was. Both
    /// go back to the faults panel; a URL the scenario language refuses keeps the entry open, its
    /// text kept to be mended, and the status line says why.
    static func urlEntry(_ entry: URLEntry) -> KeyMap {
        KeyMap([
            KeyBinding([.enter], "Enter", footer: OutsidePhrase.applyKey, help: OutsidePhrase.applyHelp) { _, state, _ in
                apply(entry, &state)
            },
            KeyBinding([.escape], "Esc", footer: Phrase.cancel, help: OutsidePhrase.cancelHelp) { _, state, model in
                state.mode = .faults
                state.status = state.language(.urlUnchanged, entry.setting.text(entry.setting.value(model, state.language), state.language))
                return []
            },
            KeyBinding([.left, .right], "←→", footer: OutsidePhrase.moveKey, help: OutsidePhrase.moveHelp) { key, state, _ in
                edit(entry, &state) { $0.move(key == .left ? -1 : 1) }
            },
            KeyBinding([.backspace], "Backspace", footer: OutsidePhrase.deleteKey, help: OutsidePhrase.deleteCharacterHelp) { _, state, _ in
                edit(entry, &state) { $0.deleteBackward() }
            },
        ], otherwise: KeyBinding([], "abc", footer: nil, help: OutsidePhrase.typeHelp) { key, state, _ in
            switch key {
            case .character(let character): edit(entry, &state) { $0.insert(character) }
            case .space: edit(entry, &state) { $0.insert(" ") }
            default: []
            }
        })
    }

    /// The entry changed by `change`, kept in the state's mode.
    private static func edit(_ entry: URLEntry, _ state: inout TUIState, _ change: (inout URLEntry) -> Void) -> [TUIEffect] {
        var entry = entry
        change(&entry)
        state.mode = .urlEntry(entry)
        return []
    }

    /// Applies the entry's URL by the scenario command a script would write, and says so on the
    /// status line; a URL the scenario language refuses (`OutsideURL.problem`) is not sent, and
    /// the entry stays open.
    private static func apply(_ entry: URLEntry, _ state: inout TUIState) -> [TUIEffect] {
        let url = entry.url
        if let url, let problem = OutsideURL.problem(url) {
            state.status = state.language(.notDone, problem)
            return []
        }
        state.mode = .faults
        state.status = state.language.statusSentence(entry.setting.happening(url))
        return [.perform(entry.setting.command(url))]
    }
}
