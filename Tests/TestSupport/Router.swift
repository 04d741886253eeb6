import IAPCore
import OrderServer
import StoreEngine

/// A real Store and a real Server joined by a queue, for tests of the two without a world: each message is delivered in turn until
/// none is left; messages for the App are kept for the test to read.
public final class Router: RecordingLink {
    public let store: Store
    public let server: OrderServer
    public let serverPath: String
    public private(set) var toApp: [Message] = []
    /// Every message delivered, in order.
    public private(set) var delivered: [Message] = []
    /// Each time the Server passed `server-committed`: how many credits `server.sqlite` held then.
    public private(set) var commitsSeen: [Int] = []

    public init(directory: String, catalog: Catalog = BuiltInCatalog.catalog()) throws {
        store = try Store(path: directory + "/store.sqlite", catalog: catalog, seed: 42)
        serverPath = directory + "/server.sqlite"
        server = try OrderServer(path: serverPath, catalog: catalog)
        super.init()
        try server.configure { [secret = store.sharedSecret] in $0.sharedSecret = secret }
    }

    override public func passed(_ point: CrashPoint) {
        guard point == .serverCommitted else { return }
        // Read the file from outside, as another process would: the credit must be committed.
        commitsSeen.append((try? OrderServer.readLedger(path: serverPath).credits.count) ?? -1)
    }

    /// Sends a message from the App and delivers everything that follows, in the order sent.
    public func deliver(_ message: Message) throws {
        var queue = [message]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            delivered.append(next)
            switch next.to {
            case .store: try store.receive(next, link: self)
            case .server: try server.receive(next, link: self)
            default: toApp.append(next)
            }
            queue += take()
        }
    }

    public func takeToApp() -> [Message] {
        defer { toApp = [] }
        return toApp
    }
}
