import Glibc
import IAPCore
import Storage

/// The app's pending-order cache: a human-readable, append-only file of checksummed records.
/// Every save and remove is appended and fsynced before it returns; the file is compacted
/// (rewritten atomically) when dead records outnumber live ones.
public final class PendingOrderCache {
    public let path: String
    /// Live orders in the order they were saved; removed ones leave a hole until the next tidy-up,
    /// so that save and remove cost the same with 10 or 10,000 orders. A long record's proof
    /// stays on disk until it is needed (`CacheIndex`).
    private var slots: [CacheSlot?]
    private var slotByTransaction: [TransactionID: Int] = [:]
    /// What was set aside when the file was opened: torn or damaged records.
    public private(set) var warnings: [CacheWarning]
    /// Damaged records found since the file was opened, when a long record's proof was first
    /// read: each set aside as at opening; taken by `takeLateWarnings`.
    private var lateWarnings: [CacheWarning] = []
    private var file: AppendOnlyFile
    private var recordCount: Int
    private let syncs: Bool

    /// When true every write fails as on a full disk (a fault injected through the storage layer).
    public var diskFull = false {
        didSet { file.simulatesFullDisk = diskFull }
    }
    /// When true, a removal is kept in memory and written only by `syncRemovals` (or with the
    /// next save, a compaction, or `writeKeptRemovals` when the app dies): the removals of a run
    /// of the Server's replies share one write and one fsync. A removal needs no durability of
    /// its own: an order that comes back after a power cut is verified again and found credited.
    public var defersRemovalSync = false
    /// Removals made while `defersRemovalSync`, not yet written.
    private var unwrittenRemovals: [CacheRecord] = []
    /// Called before the cache writes to any of its files.
    public var willWrite: (() -> Void)?

    /// Where orders the Server rejected are kept, each with its reason.
    public var rejectedPath: String { path + ".rejected" }

    /// Where damaged records are copied before they are dropped.
    public var quarantinePath: String { path + ".quarantine" }

    /// Opens the cache at `path`, creating it when missing. A torn last record is dropped, a
    /// damaged one copied to the quarantine file, and the file rewritten clean. Long records
    /// are indexed, not read whole (`CacheIndex`).
    public init(path: String, syncs: Bool = true) throws(CacheError) {
        self.path = path
        self.syncs = syncs
        let index = try CacheIndex.scan(path: path)
        slots = index.slots
        warnings = index.warnings
        recordCount = index.recordCount
        do {
            if !index.damagedLines.isEmpty {
                let quarantine = try AppendOnlyFile(path: path + ".quarantine")
                try quarantine.append(Array(index.damagedLines.joined()))
            }
            file = try AppendOnlyFile(path: path, syncs: syncs)
        } catch {
            throw CacheError(path: error.path, problem: error.problem)
        }
        indexSlots()
        if index.needsRewrite {
            try compact()
            // Long records the rewrite read whole and found damaged were set aside at opening too.
            warnings += takeLateWarnings()
        }
    }

    /// The live orders with their proofs, oldest first (each proof on disk read and checked).
    public var orders: [PendingOrder] {
        entries.compactMap { order(transactionId: $0.transactionId) }
    }

    /// The live orders, oldest first, without their proofs.
    public var entries: [CachedOrder] {
        slots.compactMap { $0?.order }
    }

    /// The live order of a transaction with its proof, if the cache holds one. A proof still on
    /// disk is read and its record checked against its checksum; a damaged record is set aside
    /// (quarantined, the file rewritten without it), reported by `takeLateWarnings`, and nil returned.
    public func order(transactionId: TransactionID) -> PendingOrder? {
        guard let index = slotByTransaction[transactionId], let slot = slots[index] else { return nil }
        if let proof = slot.proof ?? readProof(slot) {
            return PendingOrder(transactionId: slot.order.transactionId, productId: slot.order.productId,
                                serverProductId: slot.order.serverProductId, proof: proof)
        }
        slots[index] = nil
        slotByTransaction[transactionId] = nil
        try? compact()
        return nil
    }

    /// The damaged records found since the last call, as warnings naming their lines.
    public func takeLateWarnings() -> [CacheWarning] {
        defer { lateWarnings = [] }
        return lateWarnings
    }

    /// The proof of a record on disk, read whole and checked; nil (the record quarantined) when
    /// it is damaged or cannot be read.
    private func readProof(_ slot: CacheSlot) -> PurchaseProof? {
        guard let place = slot.place else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileLineEnds.bytes(of: path, at: place.offset, length: place.length)
        } catch {
            lateWarnings.append(.unreadableRecord(line: place.line, problem: error.problem))
            return nil
        }
        if case .save(let order) = CacheRecord(bytes: bytes[...], format: .current), CachedOrder(order) == slot.order {
            return order.proof
        }
        lateWarnings.append(.damagedRecord(line: place.line))
        willWrite?()
        if let quarantine = try? AppendOnlyFile(path: quarantinePath) {
            try? quarantine.append(bytes + [UInt8(ascii: "\n")])
        }
        return nil
    }

    private func indexSlots() {
        slotByTransaction = Dictionary(minimumCapacity: slots.count)
        for (index, slot) in slots.enumerated() {
            if let slot { slotByTransaction[slot.order.transactionId] = index }
        }
    }

    /// Saves an order durably.
    public func save(_ order: PendingOrder) throws(CacheError) {
        try save([order])
    }

    /// Saves orders durably with one append and one fsync: all of them, or, when the write is
    /// cut short, those whose records reached the disk whole (a torn last one is dropped on reading).
    public func save(_ orders: [PendingOrder]) throws(CacheError) {
        for order in orders {
            let fields = [order.productId, order.serverProductId ?? "-", order.receipt]
            guard fields.allSatisfy(CacheRecord.isStorable) else {
                throw CacheError(path: path, problem: "order \(order.transactionId) has a field that cannot be stored")
            }
        }
        try append(orders.map(CacheRecord.save))
        for order in orders {
            if let slot = slotByTransaction[order.transactionId] {
                slots[slot] = nil
            }
            slots.append(CacheSlot(order: CachedOrder(order), proof: order.proof, place: nil))
            slotByTransaction[order.transactionId] = slots.count - 1
        }
        tidySlots()
    }

    /// Moves an order the Server rejected out of the cache, into the rejected file with its reason.
    public func setAside(_ order: PendingOrder, reason: String) throws(CacheError) {
        willWrite?()
        do {
            let rejected = try AppendOnlyFile(path: rejectedPath, syncs: syncs)
            let line = [order.transactionId.description, order.productId, reason, order.receipt].joined(separator: "\t") + "\n"
            try rejected.append(Array(line.utf8))
        } catch {
            throw CacheError(path: rejectedPath, problem: error.problem)
        }
        try remove(transactionId: order.transactionId)
    }

    /// Removes an order durably (with `defersRemovalSync`, durably at `syncRemovals`); removing
    /// one that is not there does nothing.
    public func remove(transactionId: TransactionID) throws(CacheError) {
        guard let slot = slotByTransaction[transactionId] else { return }
        if defersRemovalSync {
            // An injected full disk fails the removal now, as the write it stands for would.
            do {
                try file.refuseInjectedWriteFailure()
            } catch {
                throw CacheError(path: path, problem: error.problem)
            }
            unwrittenRemovals.append(.remove(transactionId: transactionId))
        } else {
            try append([.remove(transactionId: transactionId)])
        }
        slots[slot] = nil
        slotByTransaction[transactionId] = nil
        // Removals kept for one fsync are tidied once, at `syncRemovals` (a launch that recovers
        // a thousand orders otherwise indexed the live ones again at each halving).
        if !defersRemovalSync {
            tidySlots()
            try compactIfMostlyRemoved()
        }
    }

    /// Writes the removals kept since the last write and makes them durable with one append
    /// and one fsync, then compacts the file once removed orders outnumber live ones, and the
    /// slots once their holes do.
    public func syncRemovals() throws(CacheError) {
        try append([])
        try compactIfMostlyRemoved()
        tidySlots()
    }

    /// Writes the removals kept in memory without an fsync, as they would have been written
    /// one by one as they were made: for the app's death, which keeps written bytes in the
    /// operating system's page cache, and loses them only when a power cut follows.
    public func writeKeptRemovals() throws(CacheError) {
        try append([], syncNow: false)
    }

    private func compactIfMostlyRemoved() throws(CacheError) {
        if recordCount > 64 && recordCount > 2 * slotByTransaction.count {
            try compact()
        }
    }

    /// Drops the holes removed orders left, once they outnumber the live orders.
    private func tidySlots() {
        guard slots.count > 64 && slots.count > 2 * slotByTransaction.count else { return }
        slots = slots.filter { $0 != nil }
        indexSlots()
    }

    /// Simulates a power cut under the cache: writes not yet fsynced are lost or torn. Returns
    /// how many bytes were lost (none when every write was fsynced, as it is unless `syncs` is off).
    /// Removals still kept in memory are lost whole: they were never written.
    public func loseUnsyncedWrites() throws(CacheError) -> Int {
        willWrite?()
        let unwritten = unwrittenRemovals.reduce(0) { $0 + $1.line.utf8.count }
        unwrittenRemovals = []
        do {
            return try file.loseUnsyncedWrites() + unwritten
        } catch {
            throw CacheError(path: path, problem: error.problem)
        }
    }

    /// Appends the removals kept in memory, then `records`, with one write, and fsyncs them
    /// (unless `syncNow` is false).
    private func append(_ records: [CacheRecord], syncNow: Bool = true) throws(CacheError) {
        let all = unwrittenRemovals + records
        guard !all.isEmpty else { return }
        willWrite?()
        do {
            try file.append(all.reduce(into: []) { $1.appendLine(to: &$0) }, syncNow: syncNow)
        } catch {
            throw CacheError(path: path, problem: error.problem)
        }
        unwrittenRemovals = []
        recordCount += all.count
    }

    /// Rewrites the file with the live orders alone: each proof still on disk is read and
    /// checked first (a damaged one is set aside). With no live order left, nothing is read.
    private func compact() throws(CacheError) {
        var orders: [PendingOrder] = []
        for (index, slot) in slots.enumerated() {
            guard let slot else { continue }
            guard let proof = slot.proof ?? readProof(slot) else {
                slots[index] = nil
                continue
            }
            orders.append(PendingOrder(transactionId: slot.order.transactionId, productId: slot.order.productId,
                                       serverProductId: slot.order.serverProductId, proof: proof))
        }
        willWrite?()
        let replaced = file
        do {
            try Self.rewrite(path: path, orders: orders)
            file = try AppendOnlyFile(path: path, syncs: syncs)
        } catch {
            throw CacheError(path: path, problem: error.problem)
        }
        replaced.close(inBackgroundIfLargerThan: Self.backgroundCloseBytes)
        unwrittenRemovals = []
        slots = orders.map { CacheSlot(order: CachedOrder($0), proof: $0.proof, place: nil) }
        indexSlots()
        recordCount = slots.count
    }

    /// A replaced cache file larger than this is let go on a thread of its own (`AppendOnlyFile.close`).
    static let backgroundCloseBytes = 1 << 20

    private static func rewrite(path: String, orders: [PendingOrder]) throws(StorageError) {
        var bytes = Array((CacheContents.header + "\n").utf8)
        for order in orders { CacheRecord.save(order).appendLine(to: &bytes) }
        try DurableFile.write(bytes, to: path)
    }
}
