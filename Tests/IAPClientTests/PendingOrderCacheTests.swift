import Foundation
import Testing
import IAPClient
import IAPCore
import Storage
import TestSupport

@Suite("The pending-order cache file")
final class PendingOrderCacheTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private var path: String { directory + "/pending-orders" }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func order(_ number: Int, product: String = "com.storesim.coins.100",
                       serverProduct: String? = "coins_100") -> PendingOrder {
        PendingOrder(transactionId: TransactionID(1_000_000_000_000_000_000 + Int64(number)), productId: product,
                     serverProductId: serverProduct, receipt: "eyJyZWNlaXB0Ijo\(number)fQ==.c0ffee\(number)")
    }

    private func bytes() throws -> [UInt8] {
        try #require(try DurableFile.read(path))
    }

    private func lines() throws -> [String] {
        String(decoding: try bytes(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    // MARK: Saving and removing

    @Test func aNewCacheIsEmptyAndCreatesItsFile() throws {
        let cache = try PendingOrderCache(path: path)
        #expect(cache.orders.isEmpty)
        #expect(cache.warnings.isEmpty)
        #expect(try lines() == ["storesim pending orders v2"])
    }

    @Test func savesAndRemovesSurviveReopening() throws {
        do {
            let cache = try PendingOrderCache(path: path)
            try cache.save(order(1))
            try cache.save(order(2, product: "com.storesim.pro", serverProduct: "pro_unlock"))
            try cache.save(order(3, product: "com.storesim.premium.monthly", serverProduct: nil))
            try cache.remove(transactionId: order(1).transactionId)
            #expect(cache.orders == [order(2, product: "com.storesim.pro", serverProduct: "pro_unlock"),
                                     order(3, product: "com.storesim.premium.monthly", serverProduct: nil)])
        }
        let reopened = try PendingOrderCache(path: path)
        #expect(reopened.orders == [order(2, product: "com.storesim.pro", serverProduct: "pro_unlock"),
                                    order(3, product: "com.storesim.premium.monthly", serverProduct: nil)])
        #expect(reopened.warnings.isEmpty)
        #expect(try PendingOrderCache.read(path: path).orders == reopened.orders)
    }

    @Test func eachSaveIsOnDiskBeforeItReturns() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save(order(1))
        // Read by another reader while the cache is still open, as after a kill.
        #expect(try PendingOrderCache.read(path: path).orders == [order(1)])
        try cache.remove(transactionId: order(1).transactionId)
        #expect(try PendingOrderCache.read(path: path).orders.isEmpty)
    }

    @Test func savingTheSameTransactionAgainReplacesIt() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save(order(1))
        try cache.save(order(2))
        let newer = PendingOrder(transactionId: order(1).transactionId, productId: "com.storesim.coins.100",
                                 serverProductId: "coins_100", receipt: "newer.receipt")
        try cache.save(newer)
        #expect(cache.orders.count == 2)
        #expect(cache.orders.last == newer)
        let reopened = try PendingOrderCache(path: path)
        #expect(Set(reopened.orders.map(\.transactionId)) == [order(1).transactionId, order(2).transactionId])
        #expect(reopened.orders.first { $0.transactionId == newer.transactionId } == newer)
    }

    @Test func reopeningListsTheOrdersInTheOrderOfTheirLastSave() throws {
        let cache = try PendingOrderCache(path: path)
        for number in 1...4 { try cache.save(order(number)) }
        try cache.save(order(1))
        try cache.remove(transactionId: order(2).transactionId)
        try cache.save(order(2))
        try cache.remove(transactionId: order(4).transactionId)
        let expected = [3, 1, 2].map { order($0).transactionId }
        #expect(cache.orders.map(\.transactionId) == expected)
        #expect(try PendingOrderCache(path: path).orders.map(\.transactionId) == expected)
    }

    @Test func removingAnUnknownTransactionIsANoOp() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save(order(1))
        let before = try bytes()
        try cache.remove(transactionId: 999)
        try cache.remove(transactionId: order(2).transactionId)
        #expect(try bytes() == before)
        #expect(cache.orders == [order(1)])
    }

    @Test func anOrderWithATabOrNewlineIsRefusedAndNothingIsWritten() throws {
        let cache = try PendingOrderCache(path: path)
        let before = try bytes()
        for receipt in ["has\ttab", "has\nnewline", ""] {
            let bad = PendingOrder(transactionId: 1, productId: "p", serverProductId: nil, receipt: receipt)
            #expect(throws: CacheError.self) { try cache.save(bad) }
        }
        #expect(try bytes() == before)
        #expect(cache.orders.isEmpty)
    }

    // MARK: Damage

    @Test func aTornLastRecordIsIgnoredWithAWarningAndTheFileRewrittenClean() throws {
        do {
            let cache = try PendingOrderCache(path: path)
            try cache.save(order(1))
            try cache.save(order(2))
        }
        let whole = try bytes()
        let lastLine = try lines().last ?? ""
        let torn = Array(whole.dropLast(lastLine.utf8.count / 2 + 1))
        try DurableFile.write(torn, to: path)

        let cache = try PendingOrderCache(path: path)
        #expect(cache.orders == [order(1)])
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.english.contains("line 3") == true)
        #expect(cache.warnings.first?.english.contains("torn") == true)

        let clean = try PendingOrderCache.read(path: path)
        #expect(clean.warnings.isEmpty)
        #expect(clean.orders == [order(1)])
        #expect(try bytes().last == UInt8(ascii: "\n"))
        #expect(!FileManager.default.fileExists(atPath: path + ".quarantine"))

        try cache.save(order(3))
        #expect(try PendingOrderCache(path: path).orders == [order(1), order(3)])
    }

    /// Flips bits of one byte of line `line` (1-based) of the cache file; returns that line's
    /// bytes after the change, newline included.
    private func damage(line: Int, byte: Int, mask: UInt8) throws -> [UInt8] {
        var bytes = try bytes()
        let newlines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
        try #require(newlines.count >= line)
        let start = line == 1 ? 0 : newlines[line - 2] + 1
        bytes[start + byte] ^= mask
        try DurableFile.write(bytes, to: path)
        return Array(bytes[start...newlines[line - 1]])
    }

    // 0x01 keeps the line ASCII; 0x80 and 0xFF make it invalid UTF-8, as real bit rot may.
    @Test(arguments: [UInt8(0x01), 0x80, 0xFF])
    func aDamagedMiddleRecordIsQuarantinedAndTheOthersKept(mask: UInt8) throws {
        do {
            let cache = try PendingOrderCache(path: path)
            try cache.save(order(1))
            try cache.save(order(2))
            try cache.save(order(3))
        }
        let damagedLine = try damage(line: 3, byte: 10, mask: mask)  // a digit of the transaction id

        let cache = try PendingOrderCache(path: path)
        #expect(cache.orders == [order(1), order(3)])
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.english.contains("line 3") == true)
        #expect(cache.quarantinePath == path + ".quarantine")
        #expect(try DurableFile.read(path + ".quarantine") == damagedLine)

        let clean = try PendingOrderCache.read(path: path)
        #expect(clean.warnings.isEmpty)
        #expect(clean.orders == [order(1), order(3)])
    }

    @Test
    func aDamagedLastRecordThatWasFullyWrittenIsQuarantinedNotDropped() throws {
        do {
            let cache = try PendingOrderCache(path: path)
            try cache.save(order(1))
            try cache.save(order(2))
        }
        // The line still ends in its newline: the write completed, the bytes rotted later.
        let damagedLine = try damage(line: 3, byte: 10, mask: 0x01)

        let cache = try PendingOrderCache(path: path)
        #expect(cache.orders == [order(1)])
        #expect(try DurableFile.read(path + ".quarantine") == damagedLine,
                "a complete record with a bad checksum is damage, and must be kept for inspection")
    }

    @Test func aRecordTornInsideAMultiByteCharacterIsStillJustATornRecord() throws {
        let chinese = PendingOrder(transactionId: 1_000_000_000_000_000_002, productId: "com.storesim.coins.100",
                                   serverProductId: "金币_100", receipt: "r.00")
        do {
            let cache = try PendingOrderCache(path: path)
            try cache.save(order(1))
            try cache.save(chinese)
        }
        let whole = try bytes()
        let firstByteOfGold = try #require(whole.lastIndex(of: 0xE9))  // 金 is E9 87 91
        try DurableFile.write(Array(whole[...firstByteOfGold]), to: path)

        let cache = try PendingOrderCache(path: path)
        #expect(cache.orders == [order(1)])
        #expect(cache.warnings.first?.english.contains("torn") == true)
    }

    @Test func anUnknownVersionIsRefusedAndTheFileLeftUntouched() throws {
        let text = "storesim pending orders v9\nsave\tsomething\tfrom\tthe\tfuture\t00000000\n"
        try DurableFile.write(Array(text.utf8), to: path)
        do {
            _ = try PendingOrderCache(path: path)
            Issue.record("an unknown version should be refused")
        } catch {
            #expect(error.path == path)
            #expect(error.line == 1)
            #expect(error.problem.contains("v9"))
        }
        #expect(throws: CacheError.self) { try PendingOrderCache.read(path: self.path) }
        #expect(try bytes() == Array(text.utf8))
        #expect(!FileManager.default.fileExists(atPath: path + ".quarantine"))
    }

    @Test(arguments: [Array("some other file\n".utf8), [0xFF, 0xFE, 0x00, 0x41, 0x0A]])
    func aFileThatIsNotACacheIsRefusedAndLeftUntouched(original: [UInt8]) throws {
        try DurableFile.write(original, to: path)
        #expect(throws: CacheError.self) { try PendingOrderCache(path: self.path) }
        #expect(try bytes() == original)
    }

    // MARK: Compaction

    @Test func compactionAfterManySavesAndRemovesKeepsOnlyLiveOrders() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save(order(1))
        try cache.save(order(2))
        for number in 10..<210 {
            try cache.save(order(number))
            try cache.remove(transactionId: order(number).transactionId)
        }
        #expect(cache.orders == [order(1), order(2)])
        let lines = try lines()
        #expect(lines.count < 100, "402 records were written; dead ones must have been compacted away")
        #expect(lines.first == "storesim pending orders v2")

        let read = try PendingOrderCache.read(path: path)
        #expect(read.orders == [order(1), order(2)])
        #expect(read.warnings.isEmpty)
        #expect(try PendingOrderCache(path: path).orders == [order(1), order(2)])
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    // MARK: Removals that share one fsync

    @Test func deferredRemovalsAreWrittenTogetherAndMadeDurableByOneSync() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save((1...4).map { order($0) })
        let size = try #require(try DurableFile.read(path)).count
        cache.defersRemovalSync = true
        try cache.remove(transactionId: order(1).transactionId)
        try cache.remove(transactionId: order(2).transactionId)
        #expect(cache.orders == [order(3), order(4)])
        // Nothing is written yet: a process killed now finds both orders again, and the next
        // launch verifies them again and is answered "already credited".
        #expect(try DurableFile.read(path)?.count == size)
        #expect(try PendingOrderCache.read(path: path).orders == (1...4).map { order($0) })
        try cache.syncRemovals()
        #expect(try PendingOrderCache.read(path: path).orders == [order(3), order(4)])
        #expect(try cache.loseUnsyncedWrites() == 0, "after the one fsync a power cut loses nothing")
        #expect(try PendingOrderCache(path: path).orders == [order(3), order(4)])
    }

    @Test func aSaveWritesTheRemovalsKeptBeforeItFirst() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save([order(1), order(2)])
        cache.defersRemovalSync = true
        try cache.remove(transactionId: order(1).transactionId)
        try cache.remove(transactionId: order(2).transactionId)
        try cache.save(order(2))
        // The removal of 2 reached the file before its second save, so 2 is live.
        #expect(try PendingOrderCache.read(path: path).orders == [order(2)])
        #expect(try cache.loseUnsyncedWrites() == 0, "the save's fsync made the removals durable too")
    }

    @Test func aPowerCutBeforeTheSyncBringsRemovedOrdersBackAndLosesNoSavedOne() throws {
        let cache = try PendingOrderCache(path: path)
        try cache.save((1...4).map { order($0) })
        cache.defersRemovalSync = true
        for number in 1...3 {
            try cache.remove(transactionId: order(number).transactionId)
        }
        #expect(try cache.loseUnsyncedWrites() > 0)
        let reopened = try PendingOrderCache(path: path)
        // Removed orders come back (the next launch verifies them again and the Server answers
        // "already credited"); the order never removed is still there.
        #expect(reopened.orders.contains(order(3)))
        #expect(reopened.orders.contains(order(4)))
        #expect(reopened.orders.count >= 2)
    }
}
