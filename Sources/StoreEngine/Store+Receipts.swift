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
}
