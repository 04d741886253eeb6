import Foundation
import IAPClient
import IAPCore
import Signing
import Storage
import TestSupport

/// What an attacker on the device does to a world on disk between two runs: reads and rewrites the
/// app's pending-order cache, and signs receipts of their own. The key a forgery is signed with is
/// read from a world's `store.sqlite`, where only a test reaches: it stands for a key that leaked.
enum DeviceForgery {
    /// The app's pending orders in the world at `world`.
    static func cachedOrders(in world: String) throws -> [PendingOrder] {
        try PendingOrderCache.read(path: world + "/app/pending-orders.txt").orders
    }

    /// Writes `order` into the app's cache of the world at `world`, over any order of its id.
    static func cache(_ order: PendingOrder, in world: String) throws {
        try PendingOrderCache(path: world + "/app/pending-orders.txt").save(order)
    }

    /// The receipt key the Store of the world at `world` signs with.
    static func receiptKey(of world: String) throws -> [UInt8] {
        let rows = try SQLiteDatabase(path: world + "/store.sqlite", readOnly: true)
            .query("SELECT value FROM settings WHERE key = 'receipt-key'")
        let text = try rows.first?.text("value")
        guard let text, let key = Data(base64Encoded: text) else { throw StorageError(path: world, problem: "no receipt key") }
        return Array(key)
    }

    /// Every receipt the Store of the world at `world` handed out, by transaction id.
    static func storeReceipts(of world: String) throws -> [String] {
        try SQLiteDatabase(path: world + "/store.sqlite", readOnly: true)
            .query("SELECT receipt FROM receipts ORDER BY transaction_id").map { row in try row.text("receipt") }
    }

    /// `receipt` with its payload rewritten by `edit` and signed again with `key`, as the Store
    /// signs: base64 of the payload, a dot, the hex HMAC-SHA256.
    static func resigned(_ receipt: String, key: [UInt8], edit: (String) -> String) throws -> String {
        let parts = receipt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Data(base64Encoded: String(parts[0])) else {
            throw StorageError(path: "receipt", problem: "not a payload and a signature")
        }
        let edited = Array(edit(String(decoding: payload, as: UTF8.self)).utf8)
        let signature = try Hashing.hmacSHA256(key: key, edited)
        return Data(edited).base64EncodedString() + "." + signature.map { String(format: "%02x", $0) }.joined()
    }
}
