import Foundation
import IAPCore
import Storage

/// The App Store Server API, answered to a backend over HTTP (`ServerAPI`).
extension Store {
    /// Answers one App Store Server API request at the link's now (`link.now`), with Apple's
    /// status and JSON body; bad input of any kind (an id that is not one, a body that is not
    /// JSON, a value Apple does not take) is Apple's 400 error, never a trap. The `server-api`
    /// switch answers every call `down` (500, 5000001) or `rate-limited` (429, 4290000), or
    /// `slow`: the right answer, sent late (`delaySeconds`). A call that succeeds with any method
    /// but GET is followed, as the world follows an in-process message, by the notifications then
    /// due, posted through `link`: so Request a Test Notification posts the `TEST` notification
    /// as the in-process request does, and Extend a Subscription Renewal Date its `RENEWAL_EXTENDED`.
    public func answer(_ request: ServerAPIRequest, link: Link) throws(StoreError) -> ServerAPIResponse {
        switch switches.serverAPI {
        case .down: return .error(.generalInternalRetryable)
        case .rateLimited: return .error(.rateLimitExceeded)
        case .normal, .slow: break
        }
        let serverAPI = ServerAPI(context: context, signatures: signatures, notifications: notifications, subscriptions: subscriptions,
                                  payments: payments)
        var response = try store { () throws(StorageError) in try serverAPI.answer(request, at: link.now) }
        if request.method != "GET", (200..<300).contains(response.status) { try notifications.postDueNotifications(link: link) }
        if switches.serverAPI == .slow { response.delaySeconds = ServerAPIService.slowSeconds }
        return response
    }

    /// The order id of each paid transaction (purchases and renewals, not restores) of a
    /// (possibly live) `store.sqlite`, read without changing the file: ten uppercase letters and
    /// digits, as Look Up Order ID finds them; none for a file with no Store in it yet.
    public static func readOrderIds(path: String, catalog: Catalog) throws(StoreError) -> [TransactionID: String] {
        guard let store = try Store(readingOnly: path, catalog: catalog) else { return [:] }
        return try store.store { () throws(StorageError) in
            var ids: [TransactionID: String] = [:]
            for record in try store.database.records(where: "1", [], withReceipts: false) where record.isInTransactionHistory {
                ids[record.id] = try store.signatures.ids.orderId(of: record.id)
            }
            return ids
        }
    }
}
