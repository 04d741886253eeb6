/// What a face answers an HTTP request with: a status, its headers and its body; `delaySeconds`
/// holds the answer back (a slow server) without holding anything else.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    /// Headers besides `Content-Type`, in order.
    public let headers: [(name: String, value: String)]
    public let contentType: String?
    public let body: [UInt8]
    public let delaySeconds: Double

    public init(status: Int, contentType: String? = nil, body: [UInt8] = [], headers: [(name: String, value: String)] = [],
                delaySeconds: Double = 0) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.delaySeconds = delaySeconds
    }

    /// A plain-text answer, one line.
    public static func text(_ status: Int, _ line: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((line + "\n").utf8))
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }

    public static func == (left: HTTPResponse, right: HTTPResponse) -> Bool {
        left.status == right.status && left.contentType == right.contentType && left.body == right.body
            && left.headers.elementsEqual(right.headers, by: { $0 == $1 }) && left.delaySeconds == right.delaySeconds
    }
}
