import IAPCore
import Storage

/// The Store's transactions as one reader of its writes keeps them from read to read
/// (`Store.records(updating:)`): the rows written since are read again, the others kept.
public struct KeptRecords: Sendable {
    /// Every transaction, by id.
    public let records: ChunkedArray<StoreRecord>
    /// The transactions written since the records it updated (their rows or their receipts);
    /// nil when every transaction was read again.
    public let written: Set<TransactionID>?
    /// Whether a table besides the transactions and their receipts was written since, or that is
    /// unknown: what is read from those (notifications, settings) must be read again.
    public let othersWritten: Bool
}

extension Store {
    /// The transactions now, from `kept` (every transaction, by id, as last read) and what this
    /// Store wrote since: all of them read again when there is no `kept` or the writes are
    /// unknown (`SQLiteChanges`).
    public func records(updating kept: ChunkedArray<StoreRecord>?) throws(StoreError) -> KeptRecords {
        let changes = database.database.takeChanges()
        let others = changes.touches(anyBut: ["transactions", "receipts"])
        return try store { () throws(StorageError) -> KeptRecords in
            guard var records = kept, let rows = changes.rows(of: "transactions"), let receipts = changes.rows(of: "receipts") else {
                return KeptRecords(records: ChunkedArray(try database.records()), written: nil, othersWritten: others)
            }
            let written = rows.union(receipts).sorted()
            var fresh: [Int64: StoreRecord] = [:]
            for start in stride(from: 0, to: written.count, by: Self.idsPerRead) {
                let ids = written[start..<min(start + Self.idsPerRead, written.count)]
                let marks = SQLiteValue.marks(ids.count)
                for record in try database.records(where: "id IN (\(marks))", ids.map { .integer($0) }) {
                    fresh[record.id.value] = record
                }
            }
            for id in written {
                let position = records.position(of: TransactionID(id))
                let present = position < records.count && records[position].id.value == id
                switch (fresh[id], present) {
                case (let record?, true): records[position] = record
                case (let record?, false): records.insert(record, at: position)
                case (nil, true): records.remove(at: position)
                case (nil, false): break
                }
            }
            return KeptRecords(records: records, written: Set(written.map { TransactionID($0) }), othersWritten: others)
        }
    }

    /// Ids bound in one read of written rows, well under SQLite's limit of bound values.
    private static let idsPerRead = 500
}

extension ChunkedArray where Element == StoreRecord {
    /// Where transaction `id` is, or would go, in these transactions kept by id.
    public func position(of id: TransactionID) -> Int {
        partitionPoint { $0.id >= id }
    }

    /// Transaction `id`, found by its id in these transactions kept by id; nil when none has it.
    public func record(_ id: TransactionID) -> StoreRecord? {
        let position = position(of: id)
        return position < count && self[position].id == id ? self[position] : nil
    }
}
