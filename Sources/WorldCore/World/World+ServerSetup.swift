import OrderServer
import StoreEngine

extension World {
    /// What the Server's operator copies from App Store Connect once, when the Server lacks it:
    /// the app's shared secret, and the subscription key that signs promotional offers.
    static func setUp(_ server: OrderServer, from store: Store, in directory: DataDirectory) throws(WorldError) {
        let offerKey: (id: String, secret: String)
        do {
            offerKey = try store.offerSigningKey()
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        do {
            if server.configuration.sharedSecret == nil {
                try server.configure { [secret = store.sharedSecret] in $0.sharedSecret = secret }
            }
            if server.configuration.offerKey == nil {
                try server.configure { $0.offerKey = offerKey }
            }
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
    }
}
