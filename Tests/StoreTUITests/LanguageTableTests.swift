import Testing
@testable import StoreTUI

/// Every key of the interface's wording has both languages, with the same holes.
@Suite struct LanguageTableTests {
    /// Phrases Simplified Chinese writes as English does: names and marks.
    static let sameInBoth: Set<Phrase> = [.appStore, .partyApp, .expectMet]

    @Test func everyPhraseHasEnglishAndSimplifiedChineseWithTheSameHoles() {
        for phrase in Phrase.allCases {
            let english = English.text(phrase)
            let chinese = SimplifiedChinese.text(phrase)
            #expect(!english.isEmpty && !chinese.isEmpty, "\(phrase)")
            #expect(Template.parts(english).names.sorted() == Template.parts(chinese).names.sorted(), "\(phrase)")
            if Self.sameInBoth.contains(phrase) {
                #expect(chinese == english, "\(phrase)")
            } else {
                #expect(chinese != english, "\(phrase) is not translated")
                #expect(chinese.unicodeScalars.contains(where: Self.isChinese) || phrase == .catalogPosition,
                        "\(phrase): \(chinese)")
            }
        }
    }

    @Test func everyPhraseOfTheOtherTablesHasEnglishAndSimplifiedChineseWithTheSameHoles() {
        let phrases: [any Worded] = StoreKit2Phrase.allCases + WorldPhrase.allCases + OutsidePhrase.allCases
            + TransactionPhrase.allCases.filter { $0 != .columnId } + FaultsPhrase.allCases
        #expect(TransactionPhrase.columnId.template(in: .simplifiedChinese) == TransactionPhrase.columnId.template(in: .english),
                "the id column's name is a mark, the same in both")
        for phrase in phrases {
            let english = phrase.template(in: .english)
            let chinese = phrase.template(in: .simplifiedChinese)
            #expect(!english.isEmpty && chinese != english, "\(phrase) is not translated")
            #expect(Template.parts(english).names.sorted() == Template.parts(chinese).names.sorted(), "\(phrase)")
            #expect(chinese.unicodeScalars.contains(where: Self.isChinese), "\(phrase): \(chinese)")
        }
    }

    @Test func aHoleIsFilledOnceEvenWhenItsValueLooksLikeAHole() {
        #expect(Template.fill("{1} and {2}") { $0 == "1" ? "{2}" : "x" } == "{2} and x")
        #expect(Language.simplifiedChinese(.deleteQuestion, "1000000000000001", "{1}") == "要从商店删除 tx 1000000000000001（{1}）吗？")
        #expect(Template.parts("a {not a hole} {b}").names == ["b"])
    }

    static func isChinese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x303F).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
            || (0xFF00...0xFFEF).contains(scalar.value)
    }
}
