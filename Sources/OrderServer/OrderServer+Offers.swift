import Foundation
import IAPCore
import Signing
import Storage

extension OrderServer {
    /// Signs a promotional offer for the app, as Apple requires ("To keep your private key
    /// secure, generate the signature on a server"): ECDSA P-256 with SHA-256 over Apple's
    /// payload, with a fresh lowercase UUID nonce and the time in milliseconds. Nil (not signed)
    /// when the product has no promotional offer of that id or the Server has no subscription key.
    func sign(_ request: OfferSignatureRequest, at now: Date) throws(StorageError) -> OfferSignature? {
        guard catalog.product(id: request.productId)?.offer(.promotional, id: request.offerId) != nil,
              let key = configuration.offerKey, let secret = Data(base64Encoded: key.secret) else { return nil }
        let count = (try database.setting("offer-signatures").flatMap { Int($0) } ?? 0) + 1
        try database.setSetting("offer-signatures", String(count))
        let timestamp = SimulatedTime.millis(now)
        do {
            let nonce = DerivedUUID.text(from: try Hashing.hmacSHA256(key: Array(secret), Array("nonce \(count)".utf8)))
            let payload = OfferSignature.payload(bundleId: catalog.app.bundleId, productId: request.productId, offerId: request.offerId, keyId: key.id,
                                                 nonce: nonce, timestamp: timestamp)
            let signature = try ECKeyPair.derived(from: Array(secret), label: OfferSignature.keyLabel).sign(payload)
            return OfferSignature(keyId: key.id, nonce: nonce, timestamp: timestamp,
                                  signature: Data(try signature.der).base64EncodedString())
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot sign offer \(request.offerId): \(error)")
        }
    }
}
