import IAPCore
import Testing

@Suite("Google Play order ids")
struct PlayOrderIDTests {
    @Test func anOrderIdIsGPAAndSeventeenDigitsGroupedFourFourFourFive() throws {
        // "GPA.1234-5678-9012-34567 (base order number)", Google's order number text.
        let id = try #require(PlayOrderID(number: 12_345_678_901_234_567))
        #expect(id.description == "GPA.1234-5678-9012-34567")
        #expect(PlayOrderID("GPA.1234-5678-9012-34567") == id)
        #expect(id.transactionId == TransactionID(12_345_678_901_234_567))
    }

    @Test func onlySeventeenDigitNumbersAreOrderNumbers() {
        #expect(PlayOrderID(number: 10_000_000_000_000_000)?.description == "GPA.1000-0000-0000-00000")
        #expect(PlayOrderID(number: 99_999_999_999_999_999)?.description == "GPA.9999-9999-9999-99999")
        #expect(PlayOrderID(number: 9_999_999_999_999_999) == nil)
        #expect(PlayOrderID(number: 100_000_000_000_000_000) == nil)
    }

    @Test(arguments: ["GPA.1234-5678-9012-3456", "GPA.1234-5678-9012-345678", "gpa.1234-5678-9012-34567",
                      "GPA.1234-5678-9012-34567..", "GPA.1234-5678-9012-34567..x", "GPA.1234-5678-9012-34567..-1",
                      "GPA.1234-5678-9012-34567..90", "GPA.1234-5678-9012-34567..0..1", "GPA.12345678-9012-34567", "GPA.1234-5678-9012-3456a",
                      "GPA.0234-5678-9012-34567", "1234-5678-9012-34567", ""])
    func otherTextIsNoOrderId(text: String) {
        #expect(PlayOrderID(text) == nil)
    }

    @Test func aRenewalIsTheBaseOrderWithItsIndexAndHasATransactionIdOfItsOwn() throws {
        // Google, "Subscription order numbers": "GPA.1234-5678-9012-34567..0 (first recurring order ID)".
        let base = try #require(PlayOrderID(number: 12_345_678_901_234_567))
        let first = try #require(base.renewal(0))
        let second = try #require(base.renewal(1))
        #expect(first.description == "GPA.1234-5678-9012-34567..0")
        #expect(second.description == "GPA.1234-5678-9012-34567..1")
        #expect(PlayOrderID("GPA.1234-5678-9012-34567..1") == second)
        #expect(first.base == base)
        #expect(Set([base.transactionId, first.transactionId, second.transactionId]).count == 3)
        #expect(PlayOrderID(transactionId: second.transactionId) == second)
        #expect(PlayOrderID(transactionId: base.transactionId) == base)
        #expect(base < first && first < second)
        #expect(first.renewal(0) == nil, "a renewal has no renewals of its own")
        let last = try #require(base.renewal(PlayOrderID.maximumRenewal))
        #expect(PlayOrderID(transactionId: last.transactionId) == last)
        #expect(base.renewal(PlayOrderID.maximumRenewal + 1) == nil)
        #expect(StoreKind.play.orderText(second.transactionId) == "GPA.1234-5678-9012-34567..1")
    }
}
