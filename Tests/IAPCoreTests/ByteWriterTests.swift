import Foundation
import Testing
@testable import IAPCore

/// The bytes written straight into the event log and the cache must be exactly what `String`
/// and `JSONEncoder` write, whatever the value.
@Suite("ByteWriter: numbers and JSON strings as String and JSONEncoder write them")
struct ByteWriterTests {
    private func decimal(_ value: Int64) -> String {
        var bytes = Array("x".utf8)
        bytes.appendDecimal(value)
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    @Test func everyNumberOfDigitsAndBothEnds() {
        var values: [Int64] = [0, 1, -1, 9, -9, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1), power * 5, power / 2 + 7]
        }
        for value in values {
            #expect(decimal(value) == String(value), "\(value)")
        }
    }

    @Test func randomNumbers() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bits = Int.random(in: 0...63, using: &random)
            let value = Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64(bits)
            #expect(decimal(value) == String(value), "\(value)")
        }
    }

    @Test func numbersAfterOtherBytesOfALine() {
        var bytes = Array("seq ".utf8)
        bytes.appendDecimal(1_000_000_000_000_001)
        bytes.appendLiteral(" at ")
        bytes.appendDecimal(-42)
        #expect(String(decoding: bytes, as: UTF8.self) == "seq 1000000000000001 at -42")
    }

    @Test func stringsAsJSONEncoderEscapesThem() throws {
        let encoder = JSONEncoder()
        var texts = ["", "plain", "credited tx 1000000000000001: +100 coins", "a/b\\c\"d", "tab\there\nnew\r\u{8}\u{C}",
                     "\u{0}\u{1}\u{1F}\u{7F}", "标题 ✓ ──▶ é", String(repeating: "ab/", count: 400)]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &random)
            texts.append(String((0..<length).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0...0x7E, using: &random)))
            }))
        }
        for text in texts {
            var bytes: [UInt8] = []
            JSONString.appendEncoderQuoted(text, to: &bytes)
            let expected = try encoder.encode(text)
            #expect(bytes == Array(expected), "\(text.debugDescription)")
        }
    }
}
