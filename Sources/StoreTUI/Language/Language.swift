import IAPCore
import ReadSide
import WorldCore

/// The language the interface speaks, chosen once at start (`--lang`, else `LANG`): it words
/// every screen, menu, status line and report, and picks the catalog's localization of titles,
/// descriptions and prices. Scenario words, crash points, strategies and product ids stay as
/// they are in every language.
public enum Language: Sendable {
    case english
    case simplifiedChinese

    /// The language of a locale or `--lang` value: Simplified Chinese for any `zh` one, else English.
    public init(locale: String) {
        self = locale.lowercased().hasPrefix("zh") ? .simplifiedChinese : .english
    }

    /// The interface's words for `phrase`, with `{1}`, `{2}`… filled in from `values`, in order.
    func callAsFunction(_ phrase: Phrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of what StoreKit 2 and the notifications show, holes filled.
    func callAsFunction(_ phrase: StoreKit2Phrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of the worlds and lessons, holes filled.
    func callAsFunction(_ phrase: WorldPhrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of the outside servers' settings and lane, holes filled.
    func callAsFunction(_ phrase: OutsidePhrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of the transaction manager, holes filled.
    func callAsFunction(_ phrase: TransactionPhrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of the faults panel, holes filled.
    func callAsFunction(_ phrase: FaultsPhrase, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// The words for a phrase of any of the tables, holes filled: a key's words, which may come
    /// from any of them.
    func callAsFunction(_ phrase: any Worded, _ values: CustomStringConvertible...) -> String {
        filled(phrase, values)
    }

    /// `phrase`'s template in this language with `{1}`, `{2}`… filled in from `values`, in order.
    private func filled(_ phrase: some Worded, _ values: [CustomStringConvertible]) -> String {
        Template.fill(phrase.template(in: self)) { name in
            Int(name).flatMap { values.indices.contains($0 - 1) ? "\(values[$0 - 1])" : nil }
        }
    }

    /// Words declared outside the interface (a Store switch's label), in this language.
    func callAsFunction(_ wording: Wording) -> String {
        switch self {
        case .english: wording.english
        case .simplifiedChinese: wording.simplifiedChinese
        }
    }

    /// What an event tells, in this language.
    func words(_ happening: Happening) -> String {
        switch self {
        case .english: happening.english
        case .simplifiedChinese: SimplifiedChinese.words(happening)
        }
    }

    /// What an event tells, in this language, with the orders of `store` named as it names them.
    func words(_ happening: Happening, on store: StoreKind) -> String {
        store.namingOrders(in: words(happening))
    }

    /// What the Server granted for a credit, in this language.
    func words(_ grant: Grant) -> String {
        switch self {
        case .english: grant.english
        case .simplifiedChinese: SimplifiedChinese.words(grant)
        }
    }

    /// Why the world declined a command, in this language.
    func words(_ refusal: WorldRefusal) -> String {
        switch self {
        case .english: refusal.english
        case .simplifiedChinese: SimplifiedChinese.words(refusal)
        }
    }

    /// Why a signed value failed verification, in this language.
    func words(_ error: SigningError) -> String {
        switch self {
        case .english: error.description
        case .simplifiedChinese: SimplifiedChinese.words(error)
        }
    }

    /// The answer the simulation gave, as a status line: a sentence of its own.
    func statusSentence(_ answer: Happening) -> String {
        let words = words(answer)
        return switch self {
        case .english: words.prefix(1).uppercased() + words.dropFirst() + "."
        case .simplifiedChinese: words + "。"
        }
    }

    /// The line printed on the terminal after the interface closed for a real crash: what
    /// happened, what the next launch will show, and the command that shows it.
    public func realCrashLine(_ crash: Happening, next: NextLaunch, command: String) -> String {
        self(.realCrash, words(crash), next.recovers, next.lost, command)
    }

    /// The loss report of `losses`, a line each, in this language.
    func lossReport(_ losses: [LossFinding], catalog: Catalog, locale: String) -> [String] {
        switch self {
        case .english: LossReportText.lines(losses, catalog: catalog, locale: locale)
        case .simplifiedChinese: SimplifiedChinese.lossReport(losses, catalog: catalog, locale: locale)
        }
    }

    /// The step of the purchase flow a crash point follows, in this language.
    func explanation(_ point: CrashPoint, on store: StoreKind = .appStore) -> String {
        switch self {
        case .english: point.explanation(on: store)
        case .simplifiedChinese: store == .play ? SimplifiedChinese.playExplanation(point) : SimplifiedChinese.explanation(point)
        }
    }

    /// What a strategy does, in one line in this language, in the words of `store`.
    func summary(_ strategy: Strategy, on store: StoreKind = .appStore) -> String {
        switch self {
        case .english: strategy.summary(on: store)
        case .simplifiedChinese: store == .play ? SimplifiedChinese.playSummary(strategy) : SimplifiedChinese.summary(strategy)
        }
    }
}
