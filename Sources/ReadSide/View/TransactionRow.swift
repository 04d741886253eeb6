import Foundation
import IAPCore
import WorldCore

/// One transaction of the Store as a face shows it.
public struct TransactionRow: Sendable, Equatable {
    public let id: TransactionID
    public let originalId: TransactionID
    public let productId: String
    public let state: TransactionState
    public let kind: TransactionKind
    /// True when money was taken for it.
    public let charged: Bool
    public let finished: Bool
    public let refunded: Bool
    public let date: Date
    public let error: PurchaseError?
    /// True when the Store issued a receipt for it (it can be forged or replayed).
    public let hasReceipt: Bool
    /// True while the transaction waits in the payment queue for the app to finish it.
    public let isUnfinished: Bool
    /// True for a subscription whose auto-renew the user turned off.
    public let autoRenewOff: Bool
    /// Why the Store refunded it, when it was told a reason.
    public var refundReason: RevocationReason?
    /// For the latest transaction of a subscription with a change waiting for its renewal (a
    /// downgrade, or a crossgrade to another period): the product it renews as.
    public var renewsAs: String?
    /// For a subscription period an upgrade or a crossgrade ended early: the prorated refund of
    /// its unused part.
    public var proratedRefund: Decimal?
    /// For such a period refunded later: what that refund paid back, the rest of its charge.
    public var refundedRest: Decimal?
    /// For the latest transaction of a subscription whose renewal could not be charged: billing
    /// retry, with its grace period.
    public var billing: BillingState?
    /// For the latest transaction of a subscription whose price rose: where the subscriber stands
    /// with the increase.
    public var priceConsent: PriceConsent?
    /// What it charged, when a price increase made that differ from the catalog's price (a
    /// transaction bought under an offer tells its price in `offer`).
    public var chargedPrice: Decimal?
    /// For a subscription transaction bought or renewed under an offer (a free trial among
    /// them): the offer and what it charged.
    public var offer: TransactionOffer?
    /// For a subscription of the signed-in account: its renewals cannot be charged (billing fails).
    public var billingFails = false
    /// The transaction as the Store signed it for StoreKit 2 (a JWS); nil when it never signed it.
    public var signedTransaction: String?

    public init(id: TransactionID, originalId: TransactionID, productId: String, state: TransactionState, kind: TransactionKind,
                charged: Bool, finished: Bool, refunded: Bool, date: Date, error: PurchaseError?, hasReceipt: Bool,
                isUnfinished: Bool, autoRenewOff: Bool) {
        self.id = id
        self.originalId = originalId
        self.productId = productId
        self.state = state
        self.kind = kind
        self.charged = charged
        self.finished = finished
        self.refunded = refunded
        self.date = date
        self.error = error
        self.hasReceipt = hasReceipt
        self.isUnfinished = isUnfinished
        self.autoRenewOff = autoRenewOff
    }
}

/// One credit of the Server's ledger as a face shows it.
public struct CreditRow: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    /// What the credit gave: `+100 coins`, `owns com.storesim.pro`.
    public let grant: Grant
    /// True when the Store refunded the transaction after the Server credited it.
    public let refunded: Bool

    public init(transactionId: TransactionID, productId: String, grant: Grant, refunded: Bool = false) {
        self.transactionId = transactionId
        self.productId = productId
        self.grant = grant
        self.refunded = refunded
    }
}

/// One pending order of the app's cache as a face shows it.
public struct PendingOrderRow: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String

    public init(transactionId: TransactionID, productId: String) {
        self.transactionId = transactionId
        self.productId = productId
    }
}
