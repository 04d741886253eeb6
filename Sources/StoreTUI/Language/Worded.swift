/// A kind of the interface's own words (`Phrase`, `StoreKit2Phrase`, `WorldPhrase`, `OutsidePhrase`,
/// `TransactionPhrase`, `FaultsPhrase`): each
/// case has a template in every language's table, holes `{1}`, `{2}`… filled in order when a
/// `Language` words it.
protocol Worded: Sendable {
    /// The case's template in `language`'s table.
    func template(in language: Language) -> String
}

extension Phrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}

extension StoreKit2Phrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}

extension WorldPhrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}

extension OutsidePhrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}

extension TransactionPhrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}

extension FaultsPhrase: Worded {
    func template(in language: Language) -> String {
        switch language {
        case .english: English.text(self)
        case .simplifiedChinese: SimplifiedChinese.text(self)
        }
    }
}
