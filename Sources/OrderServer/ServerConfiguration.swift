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
    /// The id of the subscription key the Server signs promotional offers with, and the key's
    /// secret (base64), as its operator downloaded them from App Store Connect; nil until then.
    public var offerKey: (id: String, secret: String)?

    public static func == (lhs: ServerConfiguration, rhs: ServerConfiguration) -> Bool {
        lhs.sharedSecret == rhs.sharedSecret && lhs.usesPost == rhs.usesPost
            && lhs.offerKey?.id == rhs.offerKey?.id && lhs.offerKey?.secret == rhs.offerKey?.secret
    }

    public init() {}

    static func load(_ database: ServerDatabase) throws(StorageError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.sharedSecret = try database.setting("shared-secret")
        configuration.usesPost = try database.setting("verify-method") != "get"
        if let id = try database.setting("offer-key-id"), let secret = try database.setting("offer-key") {
            configuration.offerKey = (id, secret)
        }
        return configuration
    }

    func save(_ database: ServerDatabase) throws(StorageError) {
        try database.database.transaction { () throws(StorageError) in
            if let sharedSecret { try database.setSetting("shared-secret", sharedSecret) }
            try database.setSetting("verify-method", usesPost ? "post" : "get")
            if let offerKey {
                try database.setSetting("offer-key-id", offerKey.id)
                try database.setSetting("offer-key", offerKey.secret)
            }
        }
    }
}
