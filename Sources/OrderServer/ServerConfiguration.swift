import IAPCore
import Storage

/// How the Server asks `verifyReceipt`, kept in `server.sqlite`: the app's shared secret as its
/// operator copied it from App Store Connect, the HTTP method, and the environment it asks first.
public struct ServerConfiguration: Sendable, Equatable {
    /// The shared secret sent as the request's `password`; nil until the Server is configured.
    public var sharedSecret: String?
    /// False when the Server sends its requests by GET instead of POST (a misconfigured Server).
    public var usesPost = true
    /// The environment each receipt is sent to first: production, as Apple tells a production
    /// Server to (the sandbox on 21007), or the sandbox, as a development or staging Server is
    /// pointed (production on 21008).
    public var verifiesFirst: StoreEnvironment = .production
    /// The id of the subscription key the Server signs promotional offers with, and the key's
    /// secret (base64), as its operator downloaded them from App Store Connect; nil until then.
    public var offerKey: (id: String, secret: String)?
    /// Whether the Server consumes or acknowledges, at Google Play, what a Real-time developer
    /// notification makes it credit: the app leaves acknowledging to it (server-acknowledges).
    public var acknowledgesPlayPurchases = false

    public static func == (lhs: ServerConfiguration, rhs: ServerConfiguration) -> Bool {
        lhs.sharedSecret == rhs.sharedSecret && lhs.usesPost == rhs.usesPost && lhs.verifiesFirst == rhs.verifiesFirst
            && lhs.offerKey?.id == rhs.offerKey?.id && lhs.offerKey?.secret == rhs.offerKey?.secret
            && lhs.acknowledgesPlayPurchases == rhs.acknowledgesPlayPurchases
    }

    public init() {}

    static func load(_ database: ServerDatabase) throws(StorageError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.sharedSecret = try database.setting("shared-secret")
        configuration.usesPost = try database.setting("verify-method") != "get"
        configuration.verifiesFirst = try database.setting("verify-first") == StoreEnvironment.sandbox.rawValue ? .sandbox : .production
        if let id = try database.setting("offer-key-id"), let secret = try database.setting("offer-key") {
            configuration.offerKey = (id, secret)
        }
        configuration.acknowledgesPlayPurchases = try database.setting("play-acknowledges") == "server"
        return configuration
    }

    func save(_ database: ServerDatabase) throws(StorageError) {
        try database.database.transaction { () throws(StorageError) in
            if let sharedSecret { try database.setSetting("shared-secret", sharedSecret) }
            try database.setSetting("verify-method", usesPost ? "post" : "get")
            try database.setSetting("verify-first", verifiesFirst.rawValue)
            if let offerKey {
                try database.setSetting("offer-key-id", offerKey.id)
                try database.setSetting("offer-key", offerKey.secret)
            }
            let written = try database.setting("play-acknowledges") != nil
            if acknowledgesPlayPurchases || written {
                try database.setSetting("play-acknowledges", acknowledgesPlayPurchases ? "server" : "app")
            }
        }
    }
}
