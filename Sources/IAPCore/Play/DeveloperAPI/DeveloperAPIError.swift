/// A Developer API call refused, as Google answers it: an HTTP status and Google's error body
/// `{"error":{"code":400,"message":"…","errors":[{"message":"…","domain":"androidpublisher","reason":"…"}],"status":"INVALID_ARGUMENT"}}`:
/// the `errors` list of Google's JSON APIs and the canonical `status` of the API design guide
/// ("Errors": `{"error": {"code": 400, "message": …, "status": "INVALID_ARGUMENT"}}`).
public struct DeveloperAPIError: Error, Equatable, Sendable, EventJSON {
    /// The HTTP status: 400 for every refusal StoreSim's Play makes; 401 and 404 from `serve`.
    public let status: Int
    /// The machine-readable reason: `productNotOwnedByUser`, `invalidPurchaseState`, `invalid`.
    public let reason: String
    public let message: String
    /// The reason's domain: `androidpublisher`, or `global` for Google's own (a bad token).
    public let domain: String

    public init(status: Int, reason: String, message: String, domain: String = "androidpublisher") {
        self.status = status
        self.reason = reason
        self.message = message
        self.domain = domain
    }

    /// Google's answer to a request without a valid access token (HTTP 401).
    public static let unauthenticated = DeveloperAPIError(
        status: 401, reason: "authError",
        message: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid "
            + "authentication credential.", domain: "global")

    /// The answer to a path the Developer API does not have (HTTP 404).
    public static let notFound = DeveloperAPIError(status: 404, reason: "notFound", message: "Not Found", domain: "global")

    /// The answer to a package name that is not the app's (HTTP 404): Google's `applicationNotFound`.
    public static let applicationNotFound = DeveloperAPIError(
        status: 404, reason: "applicationNotFound", message: "No application was found for the given package name.")

    /// The canonical status name Google's APIs give the HTTP status.
    public var statusName: String {
        switch status {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
    }

    /// The error body Google sends with the status.
    public func write(to json: inout EventJSONWriter) {
        json.object { json in
            json.key("error")
            json.object { json in
                json.put("code", status)
                json.put("message", message)
                json.put("errors", [self]) { error, json in
                    json.put("message", error.message)
                    json.put("domain", error.domain)
                    json.put("reason", error.reason)
                }
                json.put("status", statusName)
            }
        }
    }
}
