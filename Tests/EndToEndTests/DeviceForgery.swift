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

    /// The certificate chain the Store of the world at `world` signs with, rebuilt from its key
    /// and the certificates it keeps (for StoreKit 2, or for app receipts alone).
    static func chain(of world: String) throws -> CertificateChain {
        let database = try SQLiteDatabase(path: world + "/store.sqlite", readOnly: true)
        for prefix in ["signing-", "receipt-signing-"] {
            var certificates: [Certificate] = []
            for place in ["root", "intermediate", "leaf"] {
                let rows = try database.query("SELECT value FROM settings WHERE key = ?", [.text(prefix + place)])
                if let pem = try rows.first?.text("value") { certificates.append(try Certificate(pem: pem)) }
            }
            guard certificates.count == 3 else { continue }
            return try CertificateChain(root: certificates[0], intermediate: certificates[1], leaf: certificates[2],
                                        leafKey: try CertificateChain.keys(secret: try receiptKey(of: world)).leaf)
        }
        throw StorageError(path: world, problem: "no signing certificates")
    }

    /// The payload a receipt signs, unverified.
    static func payload(of receipt: String) throws -> [UInt8] {
        guard let der = Base64.standard.decode(receipt.utf8) else { throw StorageError(path: "receipt", problem: "not base64") }
        return try SignedData(der: der).content
    }

    /// `receipt` with `old` written over by `new` (as many bytes) in its payload, signed again
    /// with the world's chain, as the Store signs: base64 of a PKCS #7 signedData.
    static func resigned(_ receipt: String, in world: String, replacing old: String = "", with new: String = "") throws -> String {
        var payload = try payload(of: receipt)
        let (from, to) = (Array(old.utf8), Array(new.utf8))
        guard from.count == to.count else { throw StorageError(path: "receipt", problem: "an edit must keep the payload's lengths") }
        var index = 0
        while !from.isEmpty, index + from.count <= payload.count {
            if Array(payload[index..<(index + from.count)]) == from {
                payload.replaceSubrange(index..<(index + from.count), with: to)
                index += from.count
            } else {
                index += 1
            }
        }
        return Base64.standard.encode(try SignedDataSigner(chain: try chain(of: world)).sign(payload))
    }
}
