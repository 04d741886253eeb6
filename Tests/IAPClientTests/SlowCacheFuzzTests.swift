import Foundation
import IAPCore
import Storage
import Testing
@testable import IAPClient
import TestSupport

/// Seeded fuzzing of the pending-order cache reader: real cache files, made of random saves and
/// removes, then cut short, damaged in one record, or mangled at random. A cut never costs an
/// earlier record; one damaged record costs only itself; nothing traps, and every refusal or
/// warning names its place in one printable line. (Scripts/fuzz.sh runs the same checks under
/// libFuzzer for millions of inputs.)
@Suite("The cache reader under damage", .tags(.slow))
struct SlowCacheFuzzTests {
    private static let path = "fuzz/pending-orders.txt"

    /// A cache file as the app writes it: the header, then one line per record.
    private struct CacheFile {
        let records: [CacheRecord]

        var lines: [[UInt8]] {
            [Array((CacheContents.header + "\n").utf8)] + records.map { Array($0.line.utf8) }
        }

        var bytes: [UInt8] { Array(lines.joined()) }

        /// The live orders after replaying `records`, as the reader must find them: in the
        /// order of their latest save, as `PendingOrderCache.save` keeps them.
        static func replay(_ records: [CacheRecord]) -> [PendingOrder] {
            var orders: [PendingOrder] = []
            for record in records {
                switch record {
                case .save(let order):
                    orders.removeAll { $0.transactionId == order.transactionId }
                    orders.append(order)
                case .remove(let id):
                    orders.removeAll { $0.transactionId == id }
                }
            }
            return orders
        }
    }

    /// A random cache file; with `longReceipts`, about half its receipts are longer than the
    /// 4 KiB a record is read whole up to, so the app steps over them when it opens the file.
    private static func randomFile(using generator: inout SplitMix64, longReceipts: Bool = false) -> CacheFile {
        var records: [CacheRecord] = []
        var saved: [TransactionID] = []
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            if let id = saved.randomElement(using: &generator), Bool.random(using: &generator) {
                records.append(.remove(transactionId: id))
            } else {
                let id = TransactionID(Int64(1_000_000_000_000_000 + Int.random(in: 1...20, using: &generator)))
                let product = ["com.storesim.coins.100", "com.storesim.pro", "com.storesim.season", "金币.礼包"].randomElement(using: &generator) ?? ""
                let length = longReceipts && Bool.random(using: &generator)
                    ? Int.random(in: 4_000...9_000, using: &generator) : Int.random(in: 1...80, using: &generator)
                let receipt = String((0..<length).map { _ in
                    "ABCDEFabcdef0123456789+/=.-_é".randomElement(using: &generator) ?? "A"
                })
                records.append(.save(PendingOrder(transactionId: id, productId: product,
                                                  serverProductId: Bool.random(using: &generator) ? "srv_\(id.description.suffix(2))" : nil,
                                                  receipt: receipt)))
                saved.append(id)
            }
        }
        return CacheFile(records: records)
    }

    @Test func aFileCutAnywhereKeepsEveryWholeRecord() throws {
        var generator = SplitMix64(seed: 0xCA_C4E)
        for _ in 0..<60 {
            let file = Self.randomFile(using: &generator)
            let lines = file.lines
            let headerLength = lines[0].count
            let bytes = file.bytes
            for length in headerLength...bytes.count {
                let contents = try #require(try read(Array(bytes.prefix(length))))
                // A record counts once all of it is there; its newline alone may be missing.
                var kept = 0
                var end = headerLength
                for line in lines.dropFirst() {
                    guard end + line.count - 1 <= length else { break }
                    kept += 1
                    end += line.count
                }
                let torn = end < length
                #expect(contents.orders == CacheFile.replay(Array(file.records.prefix(kept))), "cut at \(length)")
                #expect(contents.damagedLines.isEmpty, "a cut is never damage to set aside")
                #expect(contents.warnings.map(\.english) == (torn ? ["line \(kept + 2): torn last record ignored (the app died while writing it)"] : []))
            }
        }
    }

    @Test func oneDamagedRecordCostsOnlyItself() throws {
        var generator = SplitMix64(seed: 0xDA_3A6E)
        for _ in 0..<3000 {
            let file = Self.randomFile(using: &generator)
            var lines = file.lines
            let damaged = Int.random(in: 1..<lines.count, using: &generator)
            let position = Int.random(in: 0..<(lines[damaged].count - 1), using: &generator)
            var replacement = UInt8.random(in: 0...255, using: &generator)
            while replacement == lines[damaged][position] || replacement == UInt8(ascii: "\n") {
                replacement = UInt8.random(in: 0...255, using: &generator)
            }
            lines[damaged][position] = replacement
            let contents = try #require(try read(Array(lines.joined())))
            var survivors = file.records
            survivors.remove(at: damaged - 1)
            #expect(contents.orders == CacheFile.replay(survivors), "byte \(position) of line \(damaged + 1) changed")
            #expect(contents.warnings.map(\.english) == ["line \(damaged + 1): damaged record set aside"])
            #expect(contents.damagedLines == [lines[damaged]], "the damaged bytes go to quarantine as they were")
        }
    }

    @Test func oneDamagedByteCostsOnlyItsRecordWhenTheAppOpensTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/pending-orders.txt"
        var generator = SplitMix64(seed: 0x10_C4E)
        for round in 0..<400 {
            let file = Self.randomFile(using: &generator, longReceipts: true)
            var lines = file.lines
            let damaged = Int.random(in: 1..<lines.count, using: &generator)
            let last = lines[damaged].count - 2
            // Half the time near the record's ends, where its fields, lengths and checksum are.
            let position = Bool.random(using: &generator)
                ? [Int.random(in: 0...min(last, 120), using: &generator), Int.random(in: max(0, last - 30)...last, using: &generator)]
                    .randomElement(using: &generator) ?? 0
                : Int.random(in: 0...last, using: &generator)
            var replacement = UInt8.random(in: 0...255, using: &generator)
            while replacement == lines[damaged][position] || replacement == UInt8(ascii: "\n") {
                replacement = UInt8.random(in: 0...255, using: &generator)
            }
            lines[damaged][position] = replacement
            try? FileManager.default.removeItem(atPath: path + ".quarantine")
            try DurableFile.write(Array(lines.joined()), to: path)
            let cache = try PendingOrderCache(path: path)
            let orders = cache.orders
            var survivors = file.records
            survivors.remove(at: damaged - 1)
            let place = "round \(round): byte \(position) of line \(damaged + 1) changed"
            #expect(orders == CacheFile.replay(survivors), "\(place)")
            // A long save's receipt or end is checked only when its receipt is used: damage there
            // goes unseen when a later record removes or saves its order again, and costs nothing.
            let record = file.records[damaged - 1]
            let superseded = file.records[damaged...].contains { Self.id(of: $0) == Self.id(of: record) }
            let line = lines[damaged]
            let inProofOrEnd = position >= Self.fieldsEnd(of: line) && position != line.count - 10  // not the checksum's tab
            if case .save = record, line.count > 4_097, superseded, inProofOrEnd {
                #expect(cache.warnings + cache.takeLateWarnings() == [], "\(place)")
                #expect(!FileManager.default.fileExists(atPath: path + ".quarantine"), "\(place)")
            } else {
                #expect((cache.warnings + cache.takeLateWarnings()).map(\.english) == ["line \(damaged + 1): damaged record set aside"], "\(place)")
                #expect(try DurableFile.read(path + ".quarantine") == lines[damaged], "\(place)")
            }
            #expect(try PendingOrderCache.read(path: path).orders == orders, "\(place): the file was rewritten without it")
        }
    }

    @Test func theAppOpeningAFileFindsWhatAWholeReadFinds() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/pending-orders.txt"
        var generator = SplitMix64(seed: 0xD1FF_C4E)
        for round in 0..<400 {
            var bytes = Self.randomFile(using: &generator, longReceipts: true).bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index < bytes.count: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.insert(contentsOf: [[0x09], [0x0A], [0x30], [0x39, 0x39]].randomElement(using: &generator) ?? [], at: index)
                case 2 where index < bytes.count: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...20, using: &generator)))
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            guard let whole = try? CacheContents.parse(bytes, path: path) else { continue }
            try? FileManager.default.removeItem(atPath: path + ".quarantine")
            try DurableFile.write(bytes, to: path)
            let cache = try PendingOrderCache(path: path)
            #expect(cache.orders == whole.orders, "round \(round)")
            let warnings = cache.warnings + cache.takeLateWarnings()
            #expect(warnings.allSatisfy { $0.english.hasPrefix("line ") && Self.isOneLine($0.english) }, "round \(round): \(warnings)")
        }
    }

    private static func id(of record: CacheRecord) -> TransactionID {
        switch record {
        case .save(let order): order.transactionId
        case .remove(let id): id
        }
    }

    /// Where a version-2 save's fields and their checksum end: the start of its proof.
    private static func fieldsEnd(of line: [UInt8]) -> Int {
        let tabs = line.indices.filter { line[$0] == UInt8(ascii: "\t") }
        return tabs.count > 5 ? tabs[5] + 1 : line.count
    }

    @Test func randomDamageIsReadOrRefusedCleanly() throws {
        var generator = SplitMix64(seed: 0x5EED_CAC4E)
        var refused = 0
        for _ in 0..<4000 {
            var bytes = Self.randomFile(using: &generator).bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index < bytes.count: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.insert(contentsOf: [[0x0D, 0x0A], [0x09], [0x0A], [0xE2, 0x80, 0xA8], [0x00]].randomElement(using: &generator) ?? [], at: index)
                case 2 where index < bytes.count: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...20, using: &generator)))
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            guard let contents = try read(bytes) else {
                refused += 1
                continue
            }
            let rewritten = Array((CacheContents.header + "\n" + contents.orders.map { CacheRecord.save($0).line }.joined()).utf8)
            let again = try #require(try read(rewritten))
            #expect(again.orders == contents.orders, "what was kept, written out again, reads the same")
            #expect(again.warnings.isEmpty && !again.needsRewrite)
        }
        #expect(refused > 0 && refused < 2000, "damage to the header is refused; damage after it is read around")
    }

    /// Reads `bytes` as a cache file, checking every message; nil when the file is refused.
    private func read(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> CacheContents? {
        do {
            let contents = try CacheContents.parse(bytes, path: Self.path)
            for warning in contents.warnings {
                #expect(warning.english.hasPrefix("line "), sourceLocation: sourceLocation)
                #expect(Self.isOneLine(warning.english), "\(warning.english.debugDescription)", sourceLocation: sourceLocation)
            }
            return contents
        } catch {
            #expect(error.path == Self.path, sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix(Self.path + ": line 1: "), sourceLocation: sourceLocation)
            #expect(Self.isOneLine(error.description), "\(error.description.debugDescription)", sourceLocation: sourceLocation)
            #expect(error.description.hasSuffix("left untouched"), sourceLocation: sourceLocation)
            return nil
        }
    }

    private static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
    }
}
