import Testing
@testable import StoreTUI

/// Writing text into the cell buffer: ASCII a byte a cell, the rest a character at a time, and a
/// wide character never left with half of it overwritten.
@Suite struct CellBufferPutTests {
    @Test func aRowOfASCIIEndingInOtherCharactersKeepsEveryCharacter() {
        var buffer = CellBuffer(columns: 16, rows: 1)
        let used = buffer.put("Item 9 $0.99 ×0", x: 0, y: 0)
        #expect(used == 15)
        #expect(buffer.text(row: 0) == "Item 9 $0.99 ×0 ")
        #expect(buffer[x: 13, y: 0].text == "×")
    }

    @Test func aLetterBeforeACombiningMarkStaysInItsCharacter() {
        var buffer = CellBuffer(columns: 8, rows: 1)
        buffer.put("cafe\u{0301}!", x: 0, y: 0)
        #expect(buffer[x: 3, y: 0].text == "e\u{0301}")
        #expect(buffer[x: 4, y: 0].text == "!")
        #expect(buffer.text(row: 0) == "cafe\u{0301}!   ")
    }

    @Test func asciiOverHalvesOfWideCharactersClearsTheirOtherHalves() {
        var buffer = CellBuffer(columns: 8, rows: 1)
        buffer.put("中文字", x: 0, y: 0)
        buffer.put("ab", x: 1, y: 0)
        #expect(buffer.text(row: 0) == " ab 字  ")
        #expect(buffer[x: 3, y: 0] == .blank)
        #expect(buffer[x: 4, y: 0].text == "字" && buffer[x: 5, y: 0].text.isEmpty)
    }

    @Test func asciiIsClippedAtTheLimitAndTheEdge() {
        var buffer = CellBuffer(columns: 6, rows: 1)
        #expect(buffer.put("abcdef", x: 1, y: 0, limit: 3) == 3)
        #expect(buffer.text(row: 0) == " abc  ")
        #expect(buffer.put("xyz123", x: 4, y: 0) == 2)
        #expect(buffer.text(row: 0) == " abcxy")
        #expect(buffer.put("q", x: 6, y: 0) == 0)
    }

    @Test func aWideCharacterAfterASCIIThatDoesNotFitLeavesASpace() {
        var buffer = CellBuffer(columns: 4, rows: 1)
        buffer.put("xxxx", x: 0, y: 0)
        #expect(buffer.put("ab中", x: 1, y: 0) == 3)
        #expect(buffer.text(row: 0) == "xab ")
    }
}
