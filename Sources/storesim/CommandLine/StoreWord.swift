import IAPCore

/// A value an option names in either store's words (a strategy, a crash point), with the store
/// whose word it was: `--strategy` and `--crash-at` read both, and a command whose store is known
/// refuses the other store's word in one line, with its own word for the same value.
struct StoreWord<Value: Sendable>: Sendable {
    let value: Value
    /// The store whose word named it (the App Store's when both stores write it alike).
    let store: StoreKind
    /// The value's word on each store.
    let word: @Sendable (Value, StoreKind) -> String

    /// Every value in each store's words, for `ValueReader.choice`: a word both stores write
    /// alike is read as the App Store's, which every store takes.
    static func choices(_ values: [Value], word: @escaping @Sendable (Value, StoreKind) -> String) -> [(words: [String], value: StoreWord)] {
        StoreKind.allCases.flatMap { store in
            values.filter { store == .appStore || word($0, store) != word($0, .appStore) }
                .map { (words: [word($0, store)], value: StoreWord(value: $0, store: store, word: word)) }
        }
    }

    /// The value, for a world that sells on `store`; refused when `option` named it in the other
    /// store's word: `--strategy 'finish-first' is the App Store's word; on Google Play: 'acknowledge-first'`.
    func value(on store: StoreKind, option: String) throws(CLIError) -> Value {
        let given = word(value, self.store), own = word(value, store)
        guard self.store != store, given != own else { return value }
        let whose = self.store == .play ? "Google Play's word (with --store play)" : "the App Store's word"
        throw .usage("\(option) '\(given)' is \(whose); on \(store.displayName): '\(own)'")
    }
}
