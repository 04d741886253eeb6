/// An App Store Server API request as it arrived, already authenticated: its method, its path
/// (percent-decoding not yet applied), its query parameters in order (already percent-decoded;
/// a name may repeat, `productId=a&productId=b`) and its body.
public struct ServerAPIRequest: Sendable, Equatable {
    public let method: String
    public let path: String
    public let query: [(name: String, value: String)]
    public let body: [UInt8]

    public init(method: String, path: String, query: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    /// Every value of the query parameter `name`, in the order given.
    public func values(of name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The value of the query parameter `name` when it is given once; nil when it is not given.
    /// A parameter given more than once answers its first value.
    public func value(of name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The page token the query parameter `name` carries (`revision`, `paginationToken`): nil
    /// when it is not given, `invalid` when its text is not a token.
    public func pageToken(_ name: String, invalid: ServerAPIError) -> Result<ServerAPIPageToken?, ServerAPIError> {
        guard let text = value(of: name) else { return .success(nil) }
        return ServerAPIPageToken(text).map { .success($0) } ?? .failure(invalid)
    }

    public static func == (left: ServerAPIRequest, right: ServerAPIRequest) -> Bool {
        left.method == right.method && left.path == right.path && left.body == right.body
            && left.query.map(\.name) == right.query.map(\.name) && left.query.map(\.value) == right.query.map(\.value)
    }
}
