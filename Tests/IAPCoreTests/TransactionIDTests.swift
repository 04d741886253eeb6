import Foundation
import IAPCore
import Testing

/// A transaction id is a number everywhere above the databases, and the same digits wherever it
/// is written as text: scripts, receipts, the cache file, the timeline, JSON.
@Suite struct TransactionIDTests {
    @Test func textIsItsDecimalDigitsBothWays() throws {
        let id: TransactionID = 1_000_000_000_000_001
        #expect(id.description == "1000000000000001")
        #expect(TransactionID("1000000000000001") == id)
        #expect(TransactionID("\(Int64.max)") == TransactionID(Int64.max))
        #expect(TransactionID("0") == TransactionID(0))
        #expect(TransactionID("tx 1000000000000001".dropFirst(3)) == id, "a substring reads as the string does")
        #expect(TransactionID("tx 012".dropFirst(3)) == nil)
    }

    @Test(arguments: ["", "abc", "12abc", "+12", "012", " 12", "12 ", "1_000", "9223372036854775808", "1e3", "-5", "-0", "٣", "00", "10 "])
    func anyOtherTextIsNoId(_ text: String) {
        #expect(TransactionID(text) == nil)
    }

    @Test func idsOrderAsNumbersNotAsText() {
        let short: TransactionID = 9, long: TransactionID = 10
        #expect(short < long)
        #expect(["10", "9"].sorted() == ["10", "9"], "as text, 10 would come first")
    }

    @Test func jsonWritesTheDigitsAsAStringAndRefusesOtherText() throws {
        let encoded = try JSONEncoder().encode([TransactionID(1_000_000_000_000_001)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["1000000000000001"]"#)
        #expect(try JSONDecoder().decode([TransactionID].self, from: encoded) == [1_000_000_000_000_001])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TransactionID].self, from: Data(#"["x1"]"#.utf8)) }
    }

    @Test func theCurrentReceiptIsWrittenAsAnEmptyId() throws {
        let subjects: [MessageSubject] = [.transaction(7), .currentReceipt]
        let encoded = try JSONEncoder().encode(subjects)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["7",""]"#)
        #expect(try JSONDecoder().decode([MessageSubject].self, from: encoded) == subjects)
    }
}
