import Foundation
import IAPCore
import Signing
import Storage

/// Receipts and StoreKit 2 signatures, as `Receipts` and `Signatures` make them.
extension Store {
    /// The products of the purchases the signed-in account's receipt lists now, one per purchase,
    /// as a refresh would hand the receipt out.
    public func currentReceiptProducts() throws(StoreError) -> [String] {
        try receipts.currentReceiptProducts()
    }

    /// The root certificate of the Store's chain, once the Store has loaded it.
    public var rootCertificate: Certificate? { signatures.rootCertificate }

    /// The root certificate a (possibly live) `store.sqlite` keeps, as PEM; nil when the Store
    /// never signed transactions. Read without changing the file.
    public static func readRootCertificate(path: String) throws(StorageError) -> String? {
        try StoreDatabase(path: path, readOnly: true).setting(Signatures.certificateSettings[0])
    }

    /// Serves an app on StoreKit `api`. Under StoreKit 2 the Store signs every transaction it
    /// issues and delivers the transactions it sends on its own through `Transaction.updates`;
    /// under StoreKit 1 it signs nothing and delivers to the payment queue's observer.
    public func serve(_ api: StoreKitAPI, from now: Date) throws(StoreError) {
        // Notifications are signed with the same chain, whichever StoreKit the app uses; a chain
        // made once is loaded again, for the notifications the Server may still fetch.
        try store { () throws(StorageError) in
            let madeChain = try database.setting(Signatures.certificateSettings[0]) != nil
            if api == .storekit2 || notificationsOn || madeChain {
                try signatures.loadSigner(from: now)
            }
        }
        context.api = api
    }

    /// A refund reaches a running StoreKit 2 app through `Transaction.updates` (`Signatures.tellRevocation`).
    public func tellRevocation(_ refunded: StoreRecord, link: Link) throws(StoreError) {
        try signatures.tellRevocation(refunded, link: link)
    }

    /// The `appAccountToken` each purchase was bought with, by its id (its renewals carry it too),
    /// read from a possibly live database.
    public static func readAppAccountTokens(path: String) throws(StorageError) -> [TransactionID: String] {
        try Signatures.appAccountTokens(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The `appAccountToken` each purchase was bought with, by its id.
    public func appAccountTokens() throws(StoreError) -> [TransactionID: String] {
        try store { () throws(StorageError) in try Signatures.appAccountTokens(in: database) }
    }
}
