import Foundation
import IAPClient
import IAPCore
import Storage
import Testing
import TestSupport

/// Version 2 of the cache file gives each save's proof length before and after the proof, and a
/// checksum of its fields, so that the app opens a cache of long receipts by reading each
/// record's ends alone; a damaged length or field costs only its record. A version-1 file is still read, and rewritten as version 2
/// when the app opens it.
@Suite struct CacheFormatVersionTests: CacheFileSuite {
    let fixture: CacheFileFixture

    init() throws {
        fixture = try CacheFileFixture()
    }

    /// The bytes this thread has read from files so far (`rchar`, Linux's per-thread count).
    private func bytesReadByThisThread() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    /// The same orders as a version-1 file: the header, then a save line per order without lengths.
    private func versionOneFile(_ orders: [PendingOrder], removing removed: [PendingOrder] = []) -> [UInt8] {
        let saves = orders.map { order in
            ["save", order.transactionId.description, order.productId, order.serverProductId ?? "-", order.receipt].joined(separator: "\t")
        }
        let removals = removed.map { "remove\t\($0.transactionId)" }
        return Array(("storesim pending orders v1\n" + (saves + removals).map { $0 + "\t" + CRC32.hex($0.utf8) + "\n" }.joined()).utf8)
    }

    @Test func openingACacheOfLongReceiptsReadsOnlyTheirEnds() throws {
        let orders = (1...40).map { order($0, receiptBytes: 100_000) }
        try PendingOrderCache(path: path).save(orders)
        let before = try bytesReadByThisThread()
        let cache = try PendingOrderCache(path: path)
        let read = try bytesReadByThisThread() - before
        #expect(cache.entries.map(\.transactionId) == orders.map(\.transactionId))
        #expect(read < 200_000, "\(read) bytes read to open a 4 MB cache")
        #expect(cache.orders == orders, "each receipt is read when used")

        try DurableFile.write(versionOneFile(orders), to: path)
        let beforeOld = try bytesReadByThisThread()
        _ = try PendingOrderCache(path: path)
        #expect(try bytesReadByThisThread() - beforeOld > 4_000_000, "version 1 is read through, then rewritten")
    }

    @Test(arguments: ["head", "tail"])
    func aDamagedLengthCostsOnlyItsRecord(end: String) throws {
        let orders = (1...3).map { order($0, receiptBytes: 20_000) }
        try PendingOrderCache(path: path).save(orders)
        var bytes = try #require(try DurableFile.read(path))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let second = lines[2]
        let length = Array("\t20007\t".utf8)
        let places = second.indices.filter { second[$0...].starts(with: length) }
        #expect(places.count == 2, "the length is written before the receipt and after it")
        let at = try #require(end == "head" ? places.first : places.last)
        bytes[at + 5] = UInt8(ascii: "8")  // 20007 becomes 20008
        try DurableFile.write(bytes, to: path)
        let damagedLine = Array(bytes[second.startIndex...second.endIndex])

        let cache = try PendingOrderCache(path: path)
        // The first length is one of the fields their own checksum covers: found at opening. The
        // second is covered by the record's checksum, checked when the receipt is used.
        #expect(cache.warnings.map(\.english) == (end == "head" ? ["line 3: damaged record set aside"] : []))
        #expect(cache.orders == [orders[0], orders[2]])
        #expect(cache.takeLateWarnings().map(\.english) == (end == "head" ? [] : ["line 3: damaged record set aside"]))
        #expect(try DurableFile.read(path + ".quarantine") == damagedLine)
        #expect(try PendingOrderCache.read(path: path).orders == [orders[0], orders[2]])
    }

    @Test func aVersionOneFileIsReadAsItIsAndRewrittenAsVersionTwoByTheApp() throws {
        let orders = [order(1, receiptBytes: 40), order(2, receiptBytes: 20_000), order(3, receiptBytes: 40)]
        let old = versionOneFile(orders, removing: [orders[0]])
        try DurableFile.write(old, to: path)
        #expect(try PendingOrderCache.read(path: path).orders == [orders[1], orders[2]])
        #expect(try DurableFile.read(path) == old, "a reader changes nothing")

        let cache = try PendingOrderCache(path: path)
        #expect(cache.warnings.isEmpty)
        #expect(cache.orders == [orders[1], orders[2]])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("storesim pending orders v2\n"))
        #expect(text.contains("\tcoins_100\t20007\t"), "the long receipt is written with its length")
        #expect(try PendingOrderCache(path: path).orders == [orders[1], orders[2]])
    }

    @Test func aLongRecordWhoseFieldsAreDamagedIsSetAsideAtOpeningNotTakenForAnotherOrder() throws {
        // Its transaction id damaged into the id of an order saved and removed after it: taken
        // at its word, it would be that order, removed, and never checked.
        let long = order(1, receiptBytes: 20_000), other = order(2, receiptBytes: 40)
        let cache = try PendingOrderCache(path: path)
        try cache.save([long, other])
        try cache.remove(transactionId: other.transactionId)
        var bytes = try #require(try DurableFile.read(path))
        let lineStart = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let lineEnd = try #require(bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")))
        let idEnd = lineStart + "save\t1000000000000001".utf8.count
        bytes[idEnd - 1] = UInt8(ascii: "2")
        try DurableFile.write(bytes, to: path)

        let reopened = try PendingOrderCache(path: path)
        #expect(reopened.warnings.map(\.english) == ["line 2: damaged record set aside"])
        #expect(reopened.entries.isEmpty)
        #expect(try DurableFile.read(path + ".quarantine") == Array(bytes[lineStart...lineEnd]))
    }

    @Test func aHeaderDamagedIntoTheOtherVersionCostsNoRecord() throws {
        let orders = [order(1, receiptBytes: 40), order(2, receiptBytes: 20_000)]
        try PendingOrderCache(path: path).save(orders)
        var bytes = try #require(try DurableFile.read(path))
        bytes[25] = UInt8(ascii: "1")  // "v2" becomes "v1"
        try DurableFile.write(bytes, to: path)
        #expect(try PendingOrderCache.read(path: path).orders == orders)
        let cache = try PendingOrderCache(path: path)
        #expect(cache.warnings.isEmpty)
        #expect(cache.orders == orders)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("storesim pending orders v2\n"))
    }

    @Test func aHeaderWithoutItsNewlineIsWrittenAgainBeforeAnythingIsAppended() throws {
        try DurableFile.write(Array("storesim pending orders v2".utf8), to: path)
        let cache = try PendingOrderCache(path: path)
        try cache.save(order(1, receiptBytes: 40))
        #expect(try PendingOrderCache.read(path: path).orders == [order(1, receiptBytes: 40)])
    }

    @Test func aDamagedLongRecordFoundByTheRewriteAtOpeningIsReported() throws {
        let orders = [order(1, receiptBytes: 20_000), order(2, receiptBytes: 40)]
        try PendingOrderCache(path: path).save(orders)
        var bytes = try #require(try DurableFile.read(path))
        let lineStart = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        bytes[lineStart + 10_000] ^= 0x01  // a byte of the long receipt
        bytes += Array("save\t10".utf8)  // and a torn last record, so the app rewrites the file
        try DurableFile.write(bytes, to: path)
        let cache = try PendingOrderCache(path: path)
        #expect(cache.warnings.map(\.english) == ["line 4: torn last record ignored (the app died while writing it)", "line 2: damaged record set aside"])
        #expect(cache.orders == [orders[1]])
    }

    @Test func aSaveWhoseLengthIsNotItsProofsIsDamagedEvenWithItsChecksumsRight() throws {
        let fields = "save\t1000000000000001\tcom.storesim.coins.100\tcoins_100\t5"
        let save = [fields, CRC32.hex(fields.utf8), "QUJD", "5"].joined(separator: "\t")
        try DurableFile.write(Array(("storesim pending orders v2\n" + save + "\t" + CRC32.hex(save.utf8) + "\n").utf8), to: path)
        let contents = try PendingOrderCache.read(path: path)
        #expect(contents.orders.isEmpty)
        #expect(contents.warnings.map(\.english) == ["line 2: damaged record set aside"])
    }

    /// The bytes the app writes, against the layout docs/reference/data-directory.md gives, joined here as text.
    @Test func recordsAreWrittenInTheDocumentedLayout() {
        func line(_ fields: [String]) -> String {
            let body = fields.joined(separator: "\t")
            return body + "\t" + CRC32.hex(body.utf8) + "\n"
        }
        func save(_ keyword: String, _ server: String, _ proof: String) -> String {
            let fields = [keyword, "1000000000000042", "com.storesim.coins.100", server, String(proof.utf8.count)]
            return line(fields + [CRC32.hex(fields.joined(separator: "\t").utf8), proof, String(proof.utf8.count)])
        }
        let receipt = PendingOrder(transactionId: 1_000_000_000_000_042, productId: "com.storesim.coins.100",
                                   serverProductId: "coins_100", receipt: "QUJDRA==")
        let signed = PendingOrder(transactionId: 1_000_000_000_000_042, productId: "com.storesim.coins.100",
                                  serverProductId: nil, proof: .signedTransaction("eyJh.eyJi.c2ln"))
        #expect(CacheLines.save(receipt) == save("save", "coins_100", "QUJDRA=="))
        #expect(CacheLines.save(signed) == save("save-jws", "-", "eyJh.eyJi.c2ln"))
        #expect(CacheLines.remove(1_000_000_000_000_042) == line(["remove", "1000000000000042"]))
    }
}
