import IAPCore
import Storage

/// How the Server asks `verifyReceipt`, kept in `server.sqlite`: the app's shared secret as its
/// operator copied it from App Store Connect, and the HTTP method. It asks production first each
/// time, as Apple tells servers to, and the sandbox only on 21007.
public struct ServerConfiguration: Sendable, Equatable {
    /// The shared secret sent as the request's `password`; nil until the Server is configured.
    public var sharedSecret: String?
    /// False when the Server sends its requests by GET instead of POST (a misconfigured Server).
    public var usesPost = true

    public init() {}

    static func load(_ database: ServerDatabase) throws(StorageError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.sharedSecret = try database.setting("shared-secret")
        configuration.usesPost = try database.setting("verify-method") != "get"
        return configuration
    }

    func save(_ database: ServerDatabase) throws(StorageError) {
        try database.database.transaction { () throws(StorageError) in
            if let sharedSecret { try database.setSetting("shared-secret", sharedSecret) }
            try database.setSetting("verify-method", usesPost ? "post" : "get")
        }
    }
}
