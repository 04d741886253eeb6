import Foundation
import IAPCore

/// The query of `purchases.voidedpurchases.list`, as Google declares it: `startTime` and
/// `endTime` in milliseconds since 1970, `maxResults` ("Defines how many results the list
/// operation should return. The default number depends on the resource collection."; StoreSim's
/// default and most, 1000) and `token` ("Defines the token of the page to return, usually taken
/// from TokenPagination"). A value that is not one is Google's `invalid` (HTTP 400).
struct VoidedPurchasesQuery {
    let start: Date?
    let end: Date?
    let maxResults: Int
    /// How many of the list the pages before this one gave.
    let offset: Int

    /// The most a page lists.
    static let pageLimit = 1_000

    /// The query `request` carries; Google's 400 for a value it does not take.
    static func read(_ request: ServerAPIRequest) -> Result<VoidedPurchasesQuery, DeveloperAPIError> {
        let invalid = DeveloperAPIError(status: 400, reason: "invalid", message: "Invalid Value")
        func millis(_ name: String) -> Result<Date?, DeveloperAPIError> {
            guard let text = request.value(of: name) else { return .success(nil) }
            guard let value = Int64(text), value >= 0 else { return .failure(invalid) }
            return .success(SimulatedTime.date(millis: value))
        }
        let start: Date?, end: Date?
        switch (millis("startTime"), millis("endTime")) {
        case (.success(let first), .success(let last)): (start, end) = (first, last)
        default: return .failure(invalid)
        }
        var maxResults = pageLimit
        if let text = request.value(of: "maxResults") {
            guard let value = Int(text), value > 0 else { return .failure(invalid) }
            maxResults = min(value, pageLimit)
        }
        var offset = 0
        if let text = request.value(of: "token") {
            guard let value = Int(text), value >= 0 else { return .failure(invalid) }
            offset = value
        }
        return .success(VoidedPurchasesQuery(start: start, end: end, maxResults: maxResults, offset: offset))
    }

    /// Google's `VoidedPurchasesListResponse` for this query's page of `listed`:
    /// `{"tokenPagination": {"nextPageToken"}, "voidedPurchases": […]}`, the page token there
    /// only when more follow.
    func page(_ listed: [VoidedPurchase]) -> [UInt8] {
        let from = min(offset, listed.count)
        let to = min(from + maxResults, listed.count)
        return EventJSONWriter.object { json in
            if to < listed.count {
                json.key("tokenPagination")
                json.object { $0.put("nextPageToken", String(to)) }
            }
            json.put("voidedPurchases", Array(listed[from..<to]))
        }
    }
}
