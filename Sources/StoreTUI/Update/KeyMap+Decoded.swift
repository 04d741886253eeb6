
extension KeyMap {
    /// The decoded signed transaction: flip through the transactions, scroll, go back to the list.
    static let decoded = KeyMap([
        KeyBinding([.up, .character("k"), .down, .character("j")], "↑↓", footer: .select, help: .pickTransaction) { key, state, model in
            let up = key == .up || key == .character("k")
            state.panelSelection = up ? max(0, state.panelSelection - 1)
                : min(max(model.transactions.count - 1, 0), state.panelSelection + 1)
            guard state.panelSelection < model.transactions.count else { return [] }
            state.mode = .decoded(transactionId: model.transactions[state.panelSelection].id)
            state.decodedOffset = 0
            return []
        },
        KeyBinding([.pageUp, .pageDown], "PgUp/PgDn", footer: .scroll, help: .scrollDecodedHelp) { key, state, model in
            guard case .decoded(let transactionId) = state.mode else { return [] }
            let most = DecodedView.maxOffset(state, model, transactionId)
            state.decodedOffset = key == .pageUp ? max(0, min(state.decodedOffset, most) - 5) : min(most, state.decodedOffset + 5)
            return []
        },
        KeyBinding([.escape, .enter, .character("q")], .key("Esc"), footer: .keyOnly, help: .backHelp) { _, state, _ in
            state.mode = .transactions
            return []
        },
    ])
}
