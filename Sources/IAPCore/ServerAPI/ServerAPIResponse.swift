/// What the App Store Server API answers: an HTTP status and a JSON body (empty for a 200 or a
/// 202 without one, and for a path the API does not have), and how long the HTTP face waits
/// before sending it. Apple documents no `Retry-After` header for `RateLimitExceededError`
/// ("An error that indicates the request exceeded the rate limit"), so the answer carries none.
public struct ServerAPIResponse: Sendable, Equatable {
    public let status: Int
    public let body: [UInt8]
    /// `application/json` when the body is not empty.
    public var contentType: String?
    /// Seconds the HTTP face waits before sending the answer (the `server-api slow` switch); 0
    /// sends it at once. The Store answered already: the world is not held up.
    public var delaySeconds: Int

    public init(status: Int, body: [UInt8] = [], delaySeconds: Int = 0) {
        self.status = status
        self.body = body
        contentType = body.isEmpty ? nil : "application/json"
        self.delaySeconds = delaySeconds
    }

    /// A 200 with the JSON `body`.
    public static func ok(_ body: [UInt8]) -> ServerAPIResponse {
        ServerAPIResponse(status: 200, body: body)
    }

    /// Apple's error shape, `{"errorCode": N, "errorMessage": "..."}`, with the status Apple
    /// gives the code; a status without a code (a path or a method the API does not have)
    /// answers with no body.
    public static func error(_ error: ServerAPIError) -> ServerAPIResponse {
        guard let code = error.code else { return ServerAPIResponse(status: error.status) }
        return ServerAPIResponse(status: error.status, body: EventJSONWriter.object { json in
            json.put("errorCode", code)
            json.put("errorMessage", error.message)
        })
    }
}
