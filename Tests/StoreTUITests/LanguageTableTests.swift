import Testing
@testable import StoreTUI

/// Every key of the interface's wording has both languages, with the same holes, and every
/// sentence the simulation writes is told by its own template.
@Suite struct LanguageTableTests {
    /// Phrases Simplified Chinese writes as English does: names and marks.
    static let sameInBoth: Set<Phrase> = [.appStore, .partyApp, .columnId, .expectMet]
    /// Sentences told word for word: a grant in the catalog's currency (`+100 coins`).
    static let toldAsWritten: Set<CoreSentence> = [.grantCoins]

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

    @Test func everyStoreKit2AndWorldPhraseHasEnglishAndSimplifiedChineseWithTheSameHoles() {
        let phrases: [any Worded] = StoreKit2Phrase.allCases + WorldPhrase.allCases
        for phrase in phrases {
            let english = phrase.template(in: .english)
            let chinese = phrase.template(in: .simplifiedChinese)
            #expect(!english.isEmpty && chinese != english, "\(phrase) is not translated")
            #expect(Template.parts(english).names.sorted() == Template.parts(chinese).names.sorted(), "\(phrase)")
            #expect(chinese.unicodeScalars.contains(where: Self.isChinese), "\(phrase): \(chinese)")
        }
    }

    @Test func everyCoreSentenceHasATemplateInBothLanguagesWithTheSameHoles() {
        var seen: Set<String> = []
        for sentence in CoreSentence.allCases {
            let english = English.sentence(sentence)
            let chinese = SimplifiedChinese.sentence(sentence)
            #expect(seen.insert(english).inserted, "\(sentence) repeats another template")
            let parts = Template.parts(english)
            #expect(parts.literals.dropFirst().dropLast().allSatisfy { !$0.isEmpty }, "\(sentence): two holes touch")
            #expect(parts.names.sorted() == Template.parts(chinese).names.sorted(), "\(sentence)")
            #expect((chinese == english) == Self.toldAsWritten.contains(sentence), "\(sentence): \(chinese)")
        }
    }

    /// A sentence made from its own template is matched by that template, not by one listed
    /// before it: the order of the table never hides a sentence.
    @Test func eachSentenceIsToldByItsOwnTemplate() {
        for sentence in CoreSentence.allCases {
            let text = Template.fill(English.sentence(sentence)) { Self.example[String($0.prefix(while: \.isLetter))] }
            #expect(CoreTranslation.match(text)?.0 == sentence, "\(text)")
        }
    }

    @Test func aHoleIsFilledOnceEvenWhenItsValueLooksLikeAHole() {
        #expect(Template.fill("{1} and {2}") { $0 == "1" ? "{2}" : "x" } == "{2} and x")
        #expect(Language.simplifiedChinese(.deleteQuestion, "1000000000000001", "{1}") == "要从商店删除 tx 1000000000000001（{1}）吗？")
        #expect(Template.parts("a {not a hole} {b}").names == ["b"])
    }

    @Test func aSentenceIsToldWithItsHolesToldInTurn() {
        let chinese = Language.simplifiedChinese
        #expect(chinese.core("no reply: the Server's reply was lost") == "没有回复：服务器的回复丢失了")
        #expect(chinese.core("the Server could not save: write failed: no space left on device (simulated)")
            == "服务器无法保存：写入失败：设备上没有剩余空间（模拟）")
        #expect(chinese.core("a sentence no table knows") == "a sentence no table knows")
        #expect(Language.english.core("the Server is down") == "the Server is down")
    }

    /// A value of each kind of hole, for sentences made from their templates.
    static let example = ["n": "12", "tx": "1000000000000001", "id": "com.storesim.pro", "word": "cached",
                          "any": "100 Coins", "text": "the Server is down"]

    static func isChinese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x303F).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
            || (0xFF00...0xFFEF).contains(scalar.value)
    }
}
