import Foundation
import IAPClient
import IAPCore
import Storage
import Testing
import TestSupport

/// A long cache record (a receipt listing many unfinished purchases) is indexed when the cache
/// opens, from its fields and its checksum's place; its receipt is read, and the whole record
/// checked against its checksum, when the app first uses it: a damaged one is set aside then,
/// as it would have been at opening, and reported with its line.
@Suite struct LongCacheRecordTests: CacheFileSuite {
    let fixture: CacheFileFixture

    init() throws {
        fixture = try CacheFileFixture()
    }

    @Test func aLongRecordIsIndexedAtOpeningAndReadWhenUsed() throws {
        let long = order(1, receiptBytes: 20_000), short = order(2, receiptBytes: 40)
        try PendingOrderCache(path: path).save([long, short])
        let cache = try PendingOrderCache(path: path)
        #expect(cache.entries.map(\.transactionId) == [long.transactionId, short.transactionId])
        #expect(cache.entries.map(\.isSigned) == [false, false])
        #expect(cache.order(transactionId: long.transactionId) == long)
        #expect(cache.orders == [long, short])
        #expect(cache.takeLateWarnings().isEmpty)
    }

    @Test func aDamagedReceiptInALongRecordIsSetAsideWhenItIsUsed() throws {
        let long = order(1, receiptBytes: 20_000), other = order(2, receiptBytes: 40)
        try PendingOrderCache(path: path).save([long, other])
        var bytes = try #require(try DurableFile.read(path))
        let lineStart = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let lineEnd = try #require(bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")))
        bytes[lineStart + 10_000] ^= 0x01  // a byte of the receipt
        try DurableFile.write(bytes, to: path)
        let damagedLine = Array(bytes[lineStart...lineEnd])

        let cache = try PendingOrderCache(path: path)
        #expect(cache.warnings.isEmpty, "the receipt is not checked at opening")
        #expect(cache.entries.count == 2)
        #expect(cache.order(transactionId: long.transactionId) == nil)
        #expect(cache.takeLateWarnings().map(\.english) == ["line 2: damaged record set aside"])
        #expect(cache.entries.map(\.transactionId) == [other.transactionId])
        #expect(try DurableFile.read(path + ".quarantine") == damagedLine)
        let clean = try PendingOrderCache.read(path: path)
        #expect(clean.warnings.isEmpty, "the file was rewritten without the damaged record")
        #expect(clean.orders == [other])
    }

    @Test func aDamagedLongRecordIsFoundByAFullReadAsBefore() throws {
        try PendingOrderCache(path: path).save([order(1, receiptBytes: 20_000)])
        var bytes = try #require(try DurableFile.read(path))
        bytes[bytes.count - 5_000] ^= 0x01
        try DurableFile.write(bytes, to: path)
        let contents = try PendingOrderCache.read(path: path)
        #expect(contents.orders.isEmpty)
        #expect(contents.warnings.map(\.english) == ["line 2: damaged record set aside"])
    }

    @Test func aCompactionWithNoLiveOrderReadsNoReceipt() throws {
        let orders = (1...70).map { order(Int64($0), receiptBytes: 8_000) }
        try PendingOrderCache(path: path).save(orders)
        let cache = try PendingOrderCache(path: path)
        cache.defersRemovalSync = true
        for order in orders { try cache.remove(transactionId: order.transactionId) }
        // Damage every receipt on disk: a compaction that read one would report it.
        var bytes = try #require(try DurableFile.read(path))
        for index in bytes.indices where bytes[index] == UInt8(ascii: "Q") { bytes[index] = UInt8(ascii: "R") }
        try DurableFile.write(bytes, to: path)
        try cache.syncRemovals()
        #expect(cache.takeLateWarnings().isEmpty)
        #expect(try DurableFile.read(path) == Array("storesim pending orders v2\n".utf8))
    }
}
