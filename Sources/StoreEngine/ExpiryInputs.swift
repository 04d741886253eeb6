import Foundation
import IAPCore

/// What a transaction's period end is worked out from: its date, product, kind, early end and
/// offer. The same inputs give the same end, so one worked out is kept with them.
struct ExpiryInputs: Equatable {
    let date: Date
    let productId: String
    let kind: TransactionKind
    let ended: Int64?
    let offer: AppliedOffer?
}
