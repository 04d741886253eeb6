import Foundation
import IAPCore

/// A transaction's period end as the Store worked it out, with what it worked it out from: its
/// date, product, kind, early end and offer.
struct SeenExpiry {
    let date: Date
    let productId: String
    let kind: TransactionKind
    let ended: Int64?
    let offer: AppliedOffer?
    let expiry: Date?

    /// True when `other` was worked out from the same transaction fields, early end and offer.
    func sameInputs(as other: SeenExpiry) -> Bool {
        date == other.date && productId == other.productId && kind == other.kind && ended == other.ended && offer == other.offer
    }

    func with(expiry: Date?) -> SeenExpiry {
        SeenExpiry(date: date, productId: productId, kind: kind, ended: ended, offer: offer, expiry: expiry)
    }
}
