import Foundation
import IAPCore
import Storage

/// Making a new Store in its file.
extension Store {
    /// Makes a new Store in `database` (at `path`), in one transaction: its secrets, derived from
    /// `seed` or drawn (`StoreSecrets`), or those of `origin`'s identity; the range of ids
    /// `origin` gives it; and its first switches. Returns the Store's key.
    static func make(in database: StoreDatabase, path: String, seed: UInt64?, origin: StoreOrigin,
                     switches: StoreSwitches) throws(StorageError) -> [UInt8] {
        try database.database.transaction { () throws(StorageError) -> [UInt8] in
            if let identity = origin.identity {
                try identity.write(into: database)
            } else {
                let secrets = try StoreSecrets(seed: seed, path: path)
                try database.setSetting("receipt-key", Data(secrets.receiptKey).base64EncodedString())
                try database.setSetting("shared-secret", secrets.sharedSecret)
                if let apiKeySecret = secrets.apiKeySecret {
                    try database.setSetting(APIKeys.secretSetting, Data(apiKeySecret).base64EncodedString())
                }
            }
            if let range = origin.transactionIds {
                try database.setSetting(TransactionIDRange.setting, range.description)
            }
            if switches != StoreSwitches() { try saveSwitches(switches, in: database) }
            guard let key = try database.setting("receipt-key", as: { Data(base64Encoded: $0) }) else {
                throw StorageError(path: path, problem: "settings: receipt-key: the world the Store was made from has none")
            }
            return Array(key)
        }
    }

    /// The ids this Store hands out when it has a range of its own (`StoreOrigin`); nil when it
    /// hands them out from the first id on, as every world did.
    public var transactionIds: TransactionIDRange? { context.database.transactionIds }

    /// The range of ids a (possibly live) `store.sqlite` keeps, read without changing it; nil
    /// when it has none.
    public static func readTransactionIds(path: String) throws(StorageError) -> TransactionIDRange? {
        try StoreDatabase(path: path, readOnly: true).setting(TransactionIDRange.setting, as: TransactionIDRange.read)
    }
}
