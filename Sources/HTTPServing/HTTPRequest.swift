/// One HTTP request as it arrived, whole: its method, its path (as the server decoded it), its
/// query arguments in order, the headers a face reads, and its body.
public struct HTTPRequest: Sendable, Equatable {
    public let method: String
    /// The path, percent-decoded, without the query.
    public let path: String
    /// The query's arguments in order, decoded; a name may repeat.
    public let query: [(name: String, value: String)]
    /// The `Authorization` header, if any.
    public let authorization: String?
    /// The `Content-Type` header, if any.
    public let contentType: String?
    public let body: [UInt8]
    /// Whether the client connected from this machine (a loopback address).
    public let fromLoopback: Bool

    public init(method: String, path: String, query: [(name: String, value: String)] = [], authorization: String? = nil,
                contentType: String? = nil, body: [UInt8] = [], fromLoopback: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.contentType = contentType
        self.body = body
        self.fromLoopback = fromLoopback
    }

    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.path == right.path && left.query.elementsEqual(right.query, by: { $0 == $1 })
            && left.authorization == right.authorization && left.contentType == right.contentType && left.body == right.body
            && left.fromLoopback == right.fromLoopback
    }
}
