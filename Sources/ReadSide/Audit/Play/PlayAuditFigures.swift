import Foundation
import IAPCore

/// What the audit of a world that sells on Google Play adds: the purchases Google Play refunded
/// and revoked because nobody acknowledged them within three days (`autoRefunded`). Such a
/// purchase is neither lost nor credited: the sale is lost, the customer has the money back.
public struct PlayAuditFigures: Sendable {
    /// One purchase refunded by the three-day rule.
    public struct AutoRefund: Sendable, Equatable {
        public let transactionId: TransactionID
        public let productId: String
        /// When it became PURCHASED, and when Google Play refunded it.
        public let purchased: Date
        public let refunded: Date
    }

    /// The credited purchases Play voided whose credit the Server has not taken back.
    public let keptAfterVoiding: Set<TransactionID>
    public let autoRefunds: [AutoRefund]

    public var autoRefunded: Int { autoRefunds.count }

    /// Each auto-refunded purchase in words, for the audit's text.
    func lines(title: (String) -> String) -> [String] {
        autoRefunds.map { refund in
            "  \(title(refund.productId)) \(StoreKind.play.orderText(refund.transactionId)): AUTO-REFUNDED: paid "
                + "\(SimulatedTime.format(refund.purchased)), not acknowledged by \(SimulatedTime.format(refund.refunded)); "
                + "Google Play refunded and revoked it (voidedReason 8 \(VoidedReason.unacknowledgedPurchase.name))"
        }
    }
}
