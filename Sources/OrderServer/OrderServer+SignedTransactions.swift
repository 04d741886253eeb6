import Foundation
import IAPCore
import Signing
import Storage

extension OrderServer {
    /// Pins the root certificate the Server trusts signed transactions to, as a server pins
    /// Apple's; nil when the app does not use StoreKit 2.
    public func pin(root: Certificate?) {
        verifier = root.map(JWSVerifier.init)
    }

    /// The root certificate the Server pinned, if it pinned one.
    public var pinnedRoot: Certificate? { verifier?.root }

    /// A signed transaction (StoreKit 2), verified offline, without asking the Store: the chain
    /// to the pinned root at its `signedDate`, the ES256 signature, then the app and environment
    /// it is for; a failure is recorded with the status of Apple's library and its name. A
    /// payload of another transaction than the one asked about, or of a refunded one, is refused.
    /// A genuine one is not credited yet: the JWS the app holds was signed when the app got it,
    /// and cannot show a refund made since, so the Server asks the Store for the transaction as
    /// it is now (App Store Server API, Get Transaction Info) and settles on its answer.
    func settleSigned(_ request: VerificationRequest, link: Link) throws(StorageError) -> VerificationAnswer? {
        let payload: SignedTransactionPayload
        do {
            payload = try verified(request.receipt)
        } catch {
            try database.reject(request.transactionId, status: error.status.rawValue, reason: error.status.name, at: link.now)
            return VerificationAnswer(transactionId: request.transactionId, outcome: .unverified(error.status, error.reason),
                                      productId: nil)
        }
        link.note(.server(.verifiedOffline(transactionId: payload.transactionId)), from: .server, to: nil,
                  transactionId: request.transactionId)
        guard TransactionID(payload.transactionId) == request.transactionId, catalog.product(id: payload.productId) != nil
        else { return try refuse(request, .otherTransaction, at: link.now) }
        // A purchase the Store has refunded owes the user nothing: it is never credited.
        guard payload.revocationDate == nil else { return try refuse(request, .refunded, at: link.now) }
        guard !Self.namesAnotherUser(payload, request) else { return try refuse(request, .otherUser, at: link.now) }
        link.send(.getTransactionInfo(request))
        return nil
    }

    /// The Store's word on the transaction the app reported, verified like the app's JWS:
    /// credits exactly the transaction it proves, once, unless the Store refunded it since.
    func settle(_ info: TransactionInfo, link: Link) throws(StorageError) -> VerificationAnswer {
        let request = info.request
        guard let jws = info.signedTransactionInfo else { return try refuse(request, .unknownToStore, at: link.now) }
        let payload: SignedTransactionPayload
        do {
            payload = try verified(jws)
        } catch {
            try database.reject(request.transactionId, status: error.status.rawValue, reason: error.status.name, at: link.now)
            return VerificationAnswer(transactionId: request.transactionId, outcome: .unverified(error.status, error.reason),
                                      productId: nil)
        }
        guard let transactionId = TransactionID(payload.transactionId), transactionId == request.transactionId,
              let originalTransactionId = TransactionID(payload.originalTransactionId),
              let product = catalog.product(id: payload.productId)
        else { return try refuse(request, .otherTransaction, at: link.now) }
        guard payload.revocationDate == nil else { return try refuse(request, .refunded, at: link.now) }
        guard !Self.namesAnotherUser(payload, request) else { return try refuse(request, .otherUser, at: link.now) }
        // A notification names no user: its purchase is the account's that the subscription or
        // purchase it continues was credited to.
        var account = request.account
        if account == nil { account = try database.account(credited: originalTransactionId) }
        var entry = ReceiptEntry(
            transactionId: transactionId, originalTransactionId: originalTransactionId,
            productId: payload.productId, account: account ?? "", purchaseDate: SimulatedTime.date(millis: payload.purchaseDate),
            expires: payload.expiresDate.map(SimulatedTime.date(millis:)))
        if payload.inAppOwnershipType == SignedTransactionPayload.familyShared { entry.inAppOwnershipType = payload.inAppOwnershipType }
        return try creditOnce(entry, product: product, answering: request.transactionId, at: link.now)
    }

    /// Whether the transaction was bought for another user of the app than the one the app
    /// asks for: its `appAccountToken` is not the token of the request's user. A transaction
    /// without a token, or a request that names no user (a notification), names nobody else.
    static func namesAnotherUser(_ payload: SignedTransactionPayload, _ request: VerificationRequest) -> Bool {
        TransactionHistoryRule.namesAnotherUser(payload.appAccountToken, account: request.account)
    }


    /// Why a signed transaction was refused before anything in it was trusted.
    struct Unverified: Error {
        let status: VerificationStatus
        let reason: UnverifiedReason
    }

    /// The payload of a JWS that passes every check.
    func verified(_ jws: String) throws(Unverified) -> SignedTransactionPayload {
        guard let payload = try verifiedPayload(jws, as: SignedTransactionPayload.self) else {
            throw Unverified(status: .verificationFailure, reason: .notSignedTransaction)
        }
        guard payload.bundleId == catalog.app.bundleId else {
            throw Unverified(status: .invalidAppIdentifier, reason: .otherApp(bundleId: payload.bundleId, expected: catalog.app.bundleId))
        }
        try Self.checkEnvironment(payload.environment)
        return payload
    }

    /// The payload of `jws` as a `P`, once its chain to the pinned root (at its `signedDate`) and
    /// its signature verify; nil when it verifies but is no `P`.
    func verifiedPayload<P: Decodable>(_ jws: String, as type: P.Type) throws(Unverified) -> P? {
        guard let verifier else { throw Unverified(status: .verificationFailure, reason: .noPinnedRoot) }
        let bytes: [UInt8]
        do {
            bytes = try verifier.verify(jws, at: .signedDate)
        } catch {
            throw Unverified(status: .verificationFailure, reason: .signature(error))
        }
        return try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Apple: a server without the environment "call[s] the endpoint using the production URL"
    /// and then the sandbox's; like verifyReceipt's 21007 retry, a sandbox purchase (App Review's)
    /// is honoured, and any other environment refused.
    static func checkEnvironment(_ environment: String) throws(Unverified) {
        guard ["Production", "Sandbox"].contains(environment) else {
            throw Unverified(status: .invalidEnvironment, reason: .otherEnvironment(environment))
        }
    }
}
