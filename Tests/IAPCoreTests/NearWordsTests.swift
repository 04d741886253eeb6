import IAPCore
import Testing

/// An unknown word's error teaches: the known words one or two edits away as "did you mean", and
/// the known words themselves, every one when they are few, else the closest three.
@Suite struct NearWordsTests {
    let strategies = ["verify-then-finish", "queue-only", "finish-then-cache", "finish-first"]

    @Test func aTypoOrTwoAwayIsOfferedAndEveryValueListed() {
        #expect(NearWords("verfy-then-finish", among: strategies).hint
            == "; did you mean 'verify-then-finish'? expected one of: verify-then-finish, queue-only, finish-then-cache, finish-first")
        #expect(NearWords("finish-frist", among: strategies).meant == ["finish-first"], "two neighbours swapped are one edit")
    }

    @Test func aWordFarFromEveryValueOnlyListsThem() {
        #expect(NearWords("sideways", among: strategies).hint == "; expected one of: verify-then-finish, queue-only, finish-then-cache, finish-first")
    }

    @Test func manyKnownWordsAreCutToTheClosestThree() {
        let known = (1...40).map { "product\($0)" }
        let near = NearWords("product7x", among: known)
        #expect(near.meant == ["product7", "product1"], "the closest first, at most two, each one or two edits away")
        #expect(!near.complete && near.listed.count == 3 && near.listed.first == "product7")
        #expect(near.hint.hasSuffix("the closest: " + near.listed.joined(separator: ", ")))
    }

    @Test func nothingKnownGivesNoHint() {
        #expect(NearWords("anything", among: []).hint.isEmpty)
    }
}
