import Foundation
import Signing
import Storage

/// The chain app receipts are signed with: the Store's one chain. A Store that signs for
/// StoreKit 2 or notifications has it loaded already; a StoreKit 1 Store that signs only receipts
/// makes it at its first receipt and keeps it under `receiptCertificateSettings`, so that its
/// root is not pinned as the root of signed transactions it never made (a later StoreKit 2 chain
/// is the same chain, `makeChain`).
extension Signatures {
    /// The settings rows that keep the chain of a Store that has signed only app receipts.
    static let receiptCertificateSettings = ["receipt-signing-root", "receipt-signing-intermediate", "receipt-signing-leaf"]

    /// The signer of app receipts, loaded (or made, valid from `now`) the first time.
    func appReceiptSigner(from now: Date) throws(StorageError) -> SignedDataSigner {
        if let receiptSigner { return receiptSigner }
        if let kept = try loadedChain() {
            return try signReceipts(with: kept)
        }
        let chain = try newChain(from: now)
        try keep(chain, as: Self.receiptCertificateSettings)
        return try signReceipts(with: chain)
    }

    /// What verifies an app receipt against the Store's chain; nil when the Store never signed one.
    func appReceiptVerifier() throws(StorageError) -> SignedDataVerifier? {
        if receiptVerifier == nil, let chain = try loadedChain() { _ = try signReceipts(with: chain) }
        return receiptVerifier
    }

    private func signReceipts(with chain: CertificateChain) throws(StorageError) -> SignedDataSigner {
        do {
            let signer = try SignedDataSigner(chain: chain)
            receiptVerifier = try SignedDataVerifier(signer: signer)
            receiptSigner = signer
            return signer
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot sign app receipts: \(error)")
        }
    }

    /// The chain the Store has loaded or keeps, for StoreKit 2 or for receipts alone; nil when it
    /// has none.
    private func loadedChain() throws(StorageError) -> CertificateChain? {
        if let transactionSigner { return transactionSigner.chain }
        if try loadKeptSigner() { return transactionSigner?.chain }
        return try keptReceiptChain()
    }

    /// The chain kept for app receipts alone, or nil.
    func keptReceiptChain() throws(StorageError) -> CertificateChain? {
        let keys: (root: ECKeyPair, intermediate: ECKeyPair, leaf: ECKeyPair)
        do {
            keys = try CertificateChain.keys(secret: storeKey)
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot derive the signing keys: \(error)")
        }
        return try storedChain(Self.receiptCertificateSettings, leafKey: keys.leaf)
    }
}
