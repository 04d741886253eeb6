import IAPCore
import Storage

/// How the Server asks `verifyReceipt`, kept in `server.sqlite`: the app's shared secret as its
/// operator copied it from App Store Connect, the HTTP method, and the endpoint it asks first.
public struct ServerConfiguration: Sendable, Equatable {
    /// The shared secret sent as the request's `password`; nil until the Server is configured.
    public var sharedSecret: String?
    /// False when the Server sends its requests by GET instead of POST (a misconfigured Server).
    public var usesPost = true
    /// The endpoint asked first: Apple tells a Server to ask production first and the sandbox on
    /// 21007; this one asks first where the last receipt was valid, and moves on 21007 or 21008.
    public var endpoint: StoreEnvironment = .production

    public init() {}

    static func load(_ database: ServerDatabase) throws(StorageError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.sharedSecret = try database.setting("shared-secret")
        configuration.usesPost = try database.setting("verify-method") != "get"
        configuration.endpoint = try database.setting("verify-endpoint") == StoreEnvironment.sandbox.rawValue ? .sandbox : .production
        return configuration
    }

    func save(_ database: ServerDatabase) throws(StorageError) {
        try database.database.transaction { () throws(StorageError) in
            if let sharedSecret { try database.setSetting("shared-secret", sharedSecret) }
            try database.setSetting("verify-method", usesPost ? "post" : "get")
            try database.setSetting("verify-endpoint", endpoint.rawValue)
        }
    }
}
