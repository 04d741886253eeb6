import Foundation
import IAPCore
import PlayEngine

/// One Google Play purchase as the interface lists it: its order (a subscription's latest), product
/// and where it stands, with the moment its three days end while nobody has acknowledged it.
public struct PlayPurchaseRow: Sendable, Equatable {
    /// Where a purchase stands, as Google's states and the three-day rule tell it.
    public enum Standing: Sendable, Equatable {
        case pending
        /// PURCHASED, not acknowledged: refunded at `refundAt` unless acknowledged first.
        case unacknowledged(refundAt: Date)
        case acknowledged
        case consumed
        case canceled
        /// Refunded and revoked; `auto` by the three-day rule.
        case voided(auto: Bool)
        /// A subscription the user canceled: it keeps its access until `endsAt`, then expires.
        case autoRenewOff(endsAt: Date)
        /// A subscription whose last period ended without a renewal.
        case expired
        /// A subscription whose renewal could not be charged, in its grace period (access kept)
        /// until `endsAt`.
        case inGracePeriod(endsAt: Date)
        /// A subscription on account hold (no access) until `endsAt`, when it expires unless fixed.
        case onHold(endsAt: Date)
    }

    public let orderId: PlayOrderID
    public let productId: String
    public let standing: Standing

    init(_ record: PlayPurchaseRecord) {
        orderId = record.latestOrderId
        productId = record.productId
        standing = if record.isVoided {
            .voided(auto: record.voidedReason == .unacknowledgedPurchase)
        } else if record.endedMillis != nil {
            .expired
        } else if record.autoRenewing, let issue = record.billingIssue, let end = record.issueEndsMillis {
            issue == .grace ? .inGracePeriod(endsAt: SimulatedTime.date(millis: end)) : .onHold(endsAt: SimulatedTime.date(millis: end))
        } else if record.isSubscription, record.state == .purchased, !record.autoRenewing, let expiry = record.expiryMillis {
            .autoRenewOff(endsAt: SimulatedTime.date(millis: expiry))
        } else if record.isConsumed {
            .consumed
        } else if record.isAcknowledged {
            .acknowledged
        } else {
            switch record.state {
            case .pending: .pending
            case .canceled: .canceled
            case .purchased:
                .unacknowledged(refundAt: SimulatedTime.date(millis: (record.purchasedMillis ?? record.createdMillis)
                                                             + PlayPurchaseRecord.acknowledgementWindowMillis))
            }
        }
    }
}
