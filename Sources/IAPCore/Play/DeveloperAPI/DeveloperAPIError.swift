/// A Developer API call refused, as Google answers it: an HTTP status and an error body
/// `{"error":{"code":400,"message":"…","errors":[{"message":"…","domain":"androidpublisher","reason":"…"}]}}`.
public struct DeveloperAPIError: Equatable, Sendable, EventJSON {
    /// The HTTP status: 400 for every refusal StoreSim's Play makes.
    public let status: Int
    /// The machine-readable reason: `productNotOwnedByUser`, `invalidPurchaseState`, `invalid`.
    public let reason: String
    public let message: String

    public init(status: Int, reason: String, message: String) {
        self.status = status
        self.reason = reason
        self.message = message
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
                    json.put("domain", "androidpublisher")
                    json.put("reason", error.reason)
                }
            }
        }
    }
}
