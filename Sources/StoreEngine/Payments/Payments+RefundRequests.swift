import Foundation
import IAPCore
import Storage

/// A customer's refund request, held by the Store until it decides: `refund` grants it, `refund
/// decline` declines it with Apple's `REFUND_DECLINED`: "A notification type that indicates the App
/// Store declined a refund request." A declined request revokes nothing.
extension Payments {
    /// The setting that holds a pending refund request of a transaction, by its id.
    static let refundRequestPrefix = "refund-request:"
    /// The setting that holds the consumption information the Server sent of a transaction.
    static let consumptionPrefix = "consumption:"

    /// The customer asks for a refund of a paid transaction not refunded: the one `transactionId`
    /// names, else the newest paid one of `productId`. Returns the transaction.
    @discardableResult
    func requestRefund(productId: String?, transactionId: TransactionID?, at date: Date) throws(StoreError) -> StoreRecord {
        let record = try refundable(productId: productId, transactionId: transactionId)
        let key = Self.refundRequestPrefix + record.id.description
        let requested = try store { () throws(StorageError) -> Bool in
            try database.database.transaction { () throws(StorageError) -> Bool in
                guard try database.setting(key) == nil else { return false }
                try database.setSetting(key, "\(SimulatedTime.millis(date))")
                // Apple, CONSUMPTION_REQUEST: "the customer initiated a refund request for a
                // consumable In-App Purchase or auto-renewable subscription, and the App Store is
                // requesting that you provide consumption data."
                let type = catalog.type(ofProduct: record.productId)
                if type == .consumable || type == .autoRenewable {
                    try notifications.notify(.consumptionRequest, about: record, at: date)
                }
                return true
            }
        }
        guard requested else { throw .refused(.refundRequestedAlready(record.id)) }
        return record
    }

    /// The Store declines the pending refund request of a transaction (or of the newest paid
    /// transaction of a product): nothing is revoked, and `REFUND_DECLINED` tells the Server.
    @discardableResult
    func declineRefund(productId: String?, transactionId: TransactionID?, at date: Date) throws(StoreError) -> StoreRecord {
        let record = try refundable(productId: productId, transactionId: transactionId)
        let key = Self.refundRequestPrefix + record.id.description
        let declined = try store { () throws(StorageError) -> Bool in
            try database.database.transaction { () throws(StorageError) -> Bool in
                guard try database.setting(key) != nil else { return false }
                try database.removeSetting(key)
                try notifications.notify(.refundDeclined, about: record, at: date)
                return true
            }
        }
        guard declined else { throw .refused(.noRefundRequest(record.id)) }
        return record
    }

    /// Keeps the Server's Send Consumption Information of a transaction whose refund was
    /// requested, beside the request, for the Store's decision.
    func keepConsumptionInformation(_ id: TransactionID, delivered: Bool) throws(StorageError) {
        try database.setSetting(Self.consumptionPrefix + id.description, delivered ? "delivered" : "not-delivered")
    }

    /// The paid, unrefunded transaction a request names: by id, or the newest of a product.
    private func refundable(productId: String?, transactionId: TransactionID?) throws(StoreError) -> StoreRecord {
        guard let transactionId else { return try periods.latestPaid(productId ?? "") }
        let record = try store { () throws(StorageError) in try database.record(id: transactionId) }
        guard let record, record.account == account, record.charged, record.kind != .restore else {
            throw .refused(.noPaidTransaction(account: account, transactionId))
        }
        guard !record.refunded else { throw .refused(.refundedAlready(transactionId)) }
        return record
    }
}
