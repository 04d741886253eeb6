import Foundation
import IAPCore
import Storage

/// The App Store Server API, as the Store answers it to a backend over HTTP: each request,
/// already taken apart and authenticated, routed (`ServerAPIRoute`) to the feature that owns what
/// it reads or changes, which the in-process messages reach too, and answered with Apple's
/// status and JSON. It keeps nothing of its own.
struct ServerAPI: StoreService {
    let context: StoreContext
    let signatures: Signatures
    let notifications: Notifications
    let subscriptions: Subscriptions
    let payments: Payments

    /// The answer to `request` at `now`.
    func answer(_ request: ServerAPIRequest, at now: Date) throws(StorageError) -> ServerAPIResponse {
        let route: ServerAPIRoute
        switch ServerAPIRoute.of(method: request.method, path: request.path) {
        case .failure(let error): return .error(error)
        case .success(let found): route = found
        }
        let answer: Result<ServerAPIResponse, ServerAPIError>
        switch route {
        case .transactionInfo(let id): answer = try transactionInfo(id, at: now)
        case .transactionHistory(let id, let version): answer = try transactionHistory(id, version: version, request, at: now)
        case .refundHistory(let id): answer = try refundHistory(id, request, at: now)
        case .orderLookup(let orderId): answer = try lookUp(orderId: orderId, at: now)
        case .subscriptionStatuses(let id): answer = try subscriptionStatuses(id, request, at: now)
        case .extendRenewalDate(let id): answer = try extendRenewalDate(id, request.body, at: now)
        case .notificationHistory: answer = try notificationHistory(request, at: now)
        case .requestTestNotification: answer = try requestTestNotification(at: now)
        case .testNotificationStatus(let token): answer = try testNotificationStatus(token)
        case .consumption(let id, let version): answer = try sendConsumption(id, version: version, request.body)
        case .finishTransaction(let id): answer = try finish(id)
        }
        switch answer {
        case .success(let response): return response
        case .failure(let error): return .error(error)
        }
    }

    /// The transaction a path's id names: Apple's `invalid` error for text that is not an id
    /// (decimal digits that fit the Store's ids), `TransactionIdNotFoundError` (or `notFound`)
    /// for an id the Store never issued.
    func record(_ text: String, invalid: ServerAPIError = .invalidTransactionId,
                notFound: ServerAPIError = .transactionIdNotFound) throws(StorageError) -> Result<StoreRecord, ServerAPIError> {
        guard let id = TransactionID(text) else { return .failure(invalid) }
        guard let record = try database.record(id: id) else { return .failure(notFound) }
        return .success(record)
    }

    /// The members every list of the customer's transactions opens with: the app's `bundleId`,
    /// its `appAppleId` (in production only, as the signed notifications carry it) and the
    /// `environment`.
    func appMembers(_ json: inout EventJSONWriter) {
        json.put("bundleId", catalog.app.bundleId)
        if switches.environment == .production { json.put("appAppleId", catalog.app.appAppleId) }
        json.put("environment", signatures.signedEnvironment)
    }

    /// The JWS of each record, signed now.
    func signed(_ records: [StoreRecord], at now: Date) throws(StorageError) -> [String] {
        guard !records.isEmpty else { return [] }
        try signatures.loadSigner(from: now)
        var signed: [String] = []
        for record in records { signed.append(try signatures.jws(of: record, at: now)) }
        return signed
    }
}
