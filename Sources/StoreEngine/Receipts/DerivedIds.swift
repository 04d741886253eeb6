import IAPCore
import Signing
import Storage

/// The ids Apple makes up and StoreSim derives from the Store's key, so that they look random
/// and are the same in every run of a seeded world: notification UUIDs, app transaction ids,
/// web order line item ids. It keeps nothing.
struct DerivedIds: StoreService {
    let context: StoreContext

    /// The `notificationUUID` of the world's notification number `seq`.
    func notificationUUID(_ seq: Int64) throws(StorageError) -> String {
        DerivedUUID.text(from: try derivedBytes("notification \(seq)"))
    }

    /// The `appTransactionId` of `account`: "the unique identifier of the app download
    /// transaction", one per customer of the app.
    func appTransactionId(of account: String) throws(StorageError) -> String {
        try derivedNumber("app transaction \(account)")
    }

    /// The `webOrderLineItemId` of a subscription's transaction.
    func webOrderLineItemId(of id: TransactionID) throws(StorageError) -> String {
        try derivedNumber("web order line item \(id)")
    }

    /// The order id of a paid transaction: Apple's "The customer's order ID from an App Store
    /// receipt for in-app purchases", ten uppercase letters and digits (`MK5TTTVWJH`), each drawn
    /// from a byte derived for the transaction.
    func orderId(of id: TransactionID) throws(StorageError) -> String {
        String(decoding: try derivedBytes("order \(id)").prefix(Self.orderIdLength).map { Self.orderIdAlphabet[Int($0) % Self.orderIdAlphabet.count] },
               as: UTF8.self)
    }

    /// How many characters an order id has.
    static let orderIdLength = 10

    /// The characters of an order id: uppercase letters and digits.
    static let orderIdAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// Eighteen digits, as Apple writes such ids, from the bytes derived for `label`.
    private func derivedNumber(_ label: String) throws(StorageError) -> String {
        let value = try derivedBytes(label).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return String(100_000_000_000_000_000 + value % 900_000_000_000_000_000)
    }

    private func derivedBytes(_ label: String) throws(StorageError) -> [UInt8] {
        do {
            return try Hashing.hmacSHA256(key: storeKey, Array(label.utf8))
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot derive the id of \(label): \(error)")
        }
    }
}
