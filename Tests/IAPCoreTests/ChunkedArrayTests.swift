import IAPCore
import Testing

/// `ChunkedArray` against `Array` doing the same: across chunk boundaries, and copies sharing
/// until one is changed.
@Suite struct ChunkedArrayTests {
    @Test func appendsReadsAndWritesAsAnArrayAcrossChunks() {
        var model = Array(0..<3000)
        var chunked = ChunkedArray(model)
        #expect(chunked.count == 3000)
        #expect(Array(chunked) == model)
        for position in [0, 1023, 1024, 2047, 2999] {
            model[position] = -position
            chunked[position] = -position
        }
        model.append(7)
        chunked.append(7)
        #expect(Array(chunked) == model)
        #expect(chunked.last == 7)
    }

    @Test func insertsAndRemovesInTheMiddleAsAnArray() {
        var model = Array(0..<2100)
        var chunked = ChunkedArray(model)
        for (position, value) in [(1024, -1), (0, -2), (2101, -3), (500, -4)] {
            model.insert(value, at: position)
            chunked.insert(value, at: position)
            #expect(Array(chunked) == model)
        }
        for position in [1023, 0, 2101, 1024] {
            #expect(chunked.remove(at: position) == model.remove(at: position))
            #expect(Array(chunked) == model)
        }
        #expect(chunked.count == model.count)
    }

    @Test func aCopyKeepsItsElementsWhenTheOriginalChanges() {
        var original = ChunkedArray(0..<2048)
        let copy = original
        original[5] = 99
        original.append(1)
        #expect(copy[5] == 5)
        #expect(copy.count == 2048)
        #expect(copy == ChunkedArray(0..<2048))
        #expect(original != copy)
        let literal: ChunkedArray = [1, 2, 3]
        #expect(Array(literal) == [1, 2, 3])
        #expect(ChunkedArray<Int>().isEmpty)
    }
}
