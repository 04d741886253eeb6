import Foundation
import IAPCore
import PlayEngine

extension TransactionRow {
    /// A Google Play purchase as the transaction manager lists it, so that its keys act on Play
    /// as a script does: named by its latest order, a PENDING payment waiting as a deferred
    /// purchase does (`a`/`d` approve or decline it), a canceled pending payment failed, a
    /// voided one refunded, a canceled subscription with its auto-renewal off. Play signs no
    /// receipt for the app.
    init(play record: PlayPurchaseRecord) {
        let state: TransactionState = switch record.state {
        case .pending: .deferred
        case .purchased: .purchased
        case .canceled: .failed
        }
        self.init(id: record.latestOrderId.transactionId, originalId: record.orderId.transactionId, productId: record.productId,
                  state: state, kind: record.renewals > 0 ? .renewal : .purchase, charged: record.state == .purchased,
                  finished: record.isAcknowledged, refunded: record.isVoided, date: SimulatedTime.date(millis: record.createdMillis),
                  error: nil, hasReceipt: false, isUnfinished: record.state == .purchased && !record.isAcknowledged && !record.isVoided,
                  autoRenewOff: record.isSubscription && !record.autoRenewing)
    }
}
