import Foundation
import IAPCore
import WorldCore

/// One App Store Server Notification the Store posted to the Server, as a face shows it: what it
/// tells of, how many times the Store posted it, and where it stands.
public struct NotificationRow: Sendable, Equatable {
    /// Where a notification stands.
    public enum Standing: Sendable, Equatable {
        /// An attempt, or the Server's HTTP 200 for it, is on its way.
        case inFlight
        /// The Server acknowledged an attempt (HTTP 200): no more retries.
        case acknowledged
        /// Not acknowledged yet: the Store posts it (again) at this simulated time.
        case due(Date)
        /// Never acknowledged, but the Server fetched it with Get Notification History and processed it.
        case fetchedByHistory
        /// Never acknowledged after the last retry, and not fetched since.
        case givenUp
    }

    /// Apple's `notificationType`, as `ONE_TIME_CHARGE`.
    public let type: String
    public let subtype: String?
    /// The transaction and product it tells of; nil for a `TEST` notification, about none.
    public let transactionId: TransactionID?
    public let productId: String?
    /// How many times the Store posted it so far (0 before the first attempt).
    public let attempts: Int
    public let standing: Standing

    public init(type: String, subtype: String?, transactionId: TransactionID?, productId: String?, attempts: Int,
                standing: Standing) {
        self.type = type
        self.subtype = subtype
        self.transactionId = transactionId
        self.productId = productId
        self.attempts = attempts
        self.standing = standing
    }
}
