import Foundation

/// Which App Store Server API endpoint a request names, with the id its path carries as text
/// (percent-decoded, not yet read as a number): Apple's paths under `/inApps/`. An id is the whole
/// rest of the path after the endpoint's prefix, so an id that is not one (`../1`, `1/2`) reaches
/// the endpoint, which answers Apple's error for an invalid id, rather than a 404.
public enum ServerAPIRoute: Sendable, Equatable {
    case transactionInfo(String)
    /// Get Transaction History, `v1` (deprecated) or `v2`.
    case transactionHistory(String, version: Int)
    case subscriptionStatuses(String)
    case notificationHistory
    case requestTestNotification
    case testNotificationStatus(String)
    /// Send Consumption Information: `v1` (`ConsumptionRequestV1`) or `v2` (`ConsumptionRequest`).
    case consumption(String, version: Int)
    case refundHistory(String)
    case orderLookup(String)
    case extendRenewalDate(String)
    case finishTransaction(String)

    /// The endpoint `method` and `path` name; `ServerAPIError.notFound` for a path the API does
    /// not have, `methodNotAllowed` for one it has under another method.
    public static func of(method: String, path: String) -> Result<ServerAPIRoute, ServerAPIError> {
        guard let (route, expected) = route(path) else { return .failure(.notFound) }
        return method == expected ? .success(route) : .failure(.methodNotAllowed)
    }

    /// The route a path names and the method it takes.
    private static func route(_ path: String) -> (ServerAPIRoute, String)? {
        let id = { (prefix: String) -> String? in
            guard path.hasPrefix(prefix) else { return nil }
            let rest = String(path.dropFirst(prefix.count))
            return rest.removingPercentEncoding ?? rest
        }
        switch path {
        case "/inApps/v1/notifications/history": return (.notificationHistory, "POST")
        case "/inApps/v1/notifications/test": return (.requestTestNotification, "POST")
        default: break
        }
        if let rest = id("/inApps/v1/transactions/consumption/") { return (.consumption(rest, version: 1), "PUT") }
        if let rest = id("/inApps/v2/transactions/consumption/") { return (.consumption(rest, version: 2), "PUT") }
        if let rest = id("/inApps/v1/transactions/") {
            return rest.hasSuffix("/finish") ? (.finishTransaction(String(rest.dropLast("/finish".count))), "POST")
                : (.transactionInfo(rest), "GET")
        }
        if let rest = id("/inApps/v1/history/") { return (.transactionHistory(rest, version: 1), "GET") }
        if let rest = id("/inApps/v2/history/") { return (.transactionHistory(rest, version: 2), "GET") }
        if let rest = id("/inApps/v1/subscriptions/extend/") { return (.extendRenewalDate(rest), "PUT") }
        if let rest = id("/inApps/v1/subscriptions/") { return (.subscriptionStatuses(rest), "GET") }
        if let rest = id("/inApps/v1/notifications/test/") { return (.testNotificationStatus(rest), "GET") }
        if let rest = id("/inApps/v2/refund/lookup/") { return (.refundHistory(rest), "GET") }
        if let rest = id("/inApps/v1/lookup/") { return (.orderLookup(rest), "GET") }
        return nil
    }
}
