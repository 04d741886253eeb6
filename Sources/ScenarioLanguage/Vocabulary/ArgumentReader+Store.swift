import IAPCore

/// The words that differ between the stores: a world on Google Play reads its strategies and
/// crash points in Google's vocabulary, and its purchase sheet has no Ask to Buy.
extension ArgumentReader {
    /// A strategy in the store's words; on Google Play an App Store word is refused with Play's
    /// word for it.
    mutating func strategy() throws(CommandProblem) -> Strategy {
        let text = word()
        let words = Strategy.allCases.map { $0.word(on: store) }
        if let strategy = Strategy.allCases.first(where: { $0.word(on: store) == text }) { return strategy }
        throw CommandProblem(problem: "unknown strategy '\(text)'" + otherStoreHint(text, Strategy.allCases.map { $0.word(on: .appStore) },
                                                                                      words, among: words))
    }

    /// A crash point in the store's words.
    mutating func crashPoint() throws(CommandProblem) -> CrashPoint {
        let text = word()
        if let point = CrashPoint.allCases.first(where: { $0.word(on: store) == text }) { return point }
        let words = CrashPoint.allCases.map { $0.word(on: store) }
        throw CommandProblem(problem: "unknown crash point '\(text)'" + otherStoreHint(text, CrashPoint.allCases.map { $0.word(on: .appStore) },
                                                                                      words, among: words))
    }

    /// The answers of the store's purchase sheet: Ask to Buy on the App Store; on Google Play a
    /// delayed form of payment and the license testers' slow test cards instead.
    var sheetAnswers: [SheetAnswer] {
        store == .play ? SheetAnswer.play : SheetAnswer.appStore
    }

    /// buy's answer, nil when left out; the other store's answer is refused with this store's.
    mutating func sheetAnswer() throws(CommandProblem) -> SheetAnswer? {
        guard let text = optionalWord() else { return nil }
        let answers = sheetAnswers
        if let answer = answers.first(where: { $0.rawValue == text }) { return answer }
        let words = answers.map(\.rawValue)
        guard SheetAnswer(rawValue: text) == nil else {
            let whose = store == .play ? "the App Store's (Ask to Buy)" : "Google Play's"
            throw CommandProblem(problem: "buy's answer '\(text)' is \(whose); this world's are \(words.joined(separator: ", "))")
        }
        throw CommandProblem(problem: "unknown buy's answer '\(text)'" + NearWords(text, among: words).hint)
    }

    /// On Google Play, the hint for an App Store word: Play's word for the same thing; else the
    /// nearest words among `words`.
    private func otherStoreHint(_ text: String, _ appStoreWords: [String], _ storeWords: [String], among words: [String]) -> String {
        if store == .play, let index = appStoreWords.firstIndex(of: text), storeWords[index] != text {
            return "; '\(text)' is the App Store's word; on Google Play: '\(storeWords[index])'"
        }
        return NearWords(text, among: words).hint
    }
}
