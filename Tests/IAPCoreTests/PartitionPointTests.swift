import IAPCore
import Testing

/// `partitionPoint` against a walk from the start, on sorted lists with repeats, at every cut.
@Suite struct PartitionPointTests {
    @Test func findsTheFirstElementAfterEveryCut() {
        let sorted = [1, 3, 3, 3, 7, 9, 9, 12]
        for cut in 0...13 {
            let walked = sorted.firstIndex { $0 > cut } ?? sorted.endIndex
            #expect(sorted.partitionPoint { $0 > cut } == walked, "cut \(cut)")
            #expect(ChunkedArray(sorted).partitionPoint { $0 > cut } == walked, "cut \(cut)")
        }
        #expect([Int]().partitionPoint { _ in true } == 0)
        #expect(sorted[2...].partitionPoint { $0 >= 7 } == 4, "a slice answers in its own indices")
    }
}
