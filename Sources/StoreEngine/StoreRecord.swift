import Foundation
import IAPCore

/// One transaction as the Store keeps it in `store.sqlite`.
public struct StoreRecord: Sendable, Equatable {
    /// Why the Store made the transaction.
    public typealias Kind = TransactionKind

    public let id: TransactionID
    public let originalId: TransactionID
    public let productId: String
    public let account: String
    public let state: TransactionState
    public let kind: Kind
    /// True when money was taken for it.
    public let charged: Bool
    public let finished: Bool
    public let refunded: Bool
    public let date: Date
    public let error: PurchaseError?
    public let receipt: String?
    /// When the Store refunded it; nil when it was not refunded, or when a file of schema
    /// version 1 did not record when.
    public let refundDate: Date?
    /// The transaction as the App Store signed it for StoreKit 2 (a JWS), when the Store signs
    /// transactions and this one is purchased or restored.
    public let signedTransaction: String?
    /// Why the Store refunded it, when it was told a reason.
    public let refundReason: RevocationReason?
    /// For a family member's shared transaction (`familyShare`): the original transaction id of
    /// the purchase it shares; nil for every other transaction.
    public let sharedFrom: TransactionID?

    public init(id: TransactionID, originalId: TransactionID, productId: String, account: String, state: TransactionState,
                kind: Kind, charged: Bool, finished: Bool, refunded: Bool, date: Date, error: PurchaseError?,
                receipt: String?, refundDate: Date? = nil, signedTransaction: String? = nil, refundReason: RevocationReason? = nil,
                sharedFrom: TransactionID? = nil) {
        self.id = id
        self.originalId = originalId
        self.productId = productId
        self.account = account
        self.state = state
        self.kind = kind
        self.charged = charged
        self.finished = finished
        self.refunded = refunded
        self.date = date
        self.error = error
        self.receipt = receipt
        self.refundDate = refundDate
        self.signedTransaction = signedTransaction
        self.refundReason = refundReason
        self.sharedFrom = sharedFrom
    }

    /// True while the transaction waits in the payment queue for the app to finish it.
    public var isUnfinished: Bool {
        !finished && (state == .purchased || state == .failed || state == .restored)
    }

    /// Apple's `inAppOwnershipType`: `FAMILY_SHARED` for a family member's shared transaction,
    /// `PURCHASED` for every other.
    public var ownershipType: String {
        kind == .familyShare ? SignedTransactionPayload.familyShared : SignedTransactionPayload.purchased
    }

    /// Whether App Store Server API's Get Transaction History lists it among its account's: a
    /// paid purchase or renewal (not a restore), finished or not, refunded or not.
    public var isInTransactionHistory: Bool {
        charged && kind != .restore && state == .purchased
    }

    /// The transaction as the Store reports it to the app.
    public var asTransaction: StoreTransaction {
        StoreTransaction(id: id, originalId: originalId, productId: productId, state: state,
                         date: date, receipt: receipt, error: error)
    }
}
