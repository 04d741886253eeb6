import IAPCore
import Storage

extension StoreDatabase {
    /// The settings kept under `prefix` followed by a transaction id, each value read by `read`,
    /// by transaction, in one query; a key that is not an id as the Store writes one (the key
    /// `setting("\(prefix)\(id)")` reads), or a value `read` refuses, is left out.
    func settingsByTransaction<Value>(_ prefix: String, _ read: (String) -> Value?) throws(StorageError) -> [TransactionID: Value] {
        Dictionary(try settings(prefix: prefix).compactMap { key, value in
            TransactionID(key).flatMap { id in id.description == key ? read(value).map { (id, $0) } : nil }
        }, uniquingKeysWith: { _, last in last })
    }
}
