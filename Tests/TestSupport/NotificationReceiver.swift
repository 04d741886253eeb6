import Foundation
import HTTPServing
import Synchronization

/// A team's backend for a test: an HTTP server on a free loopback port that keeps the body of
/// every request it receives and answers each with what `answer` says for its number (1 the first).
public final class NotificationReceiver: Sendable {
    /// The bodies received, shared with the server's threads.
    private final class Received: Sendable {
        let bodies = Mutex<[[UInt8]]>([])
    }

    private let server: HTTPServer
    private let received = Received()

    public init(answer: @escaping @Sendable (Int) -> HTTPResponse) throws {
        let received = received
        server = try HTTPServer(address: try ListenAddress.parse("127.0.0.1:0").get(), oversized: .text(400, "too long")) { request, responder in
            let number = received.bodies.withLock { bodies in
                bodies.append(request.body)
                return bodies.count
            }
            responder.respond(answer(number))
        }
    }

    /// Where the Store posts: `http://127.0.0.1:PORT/notifications`.
    public var url: String { "http://\(server.address)/notifications" }

    /// The bodies received, oldest first.
    public var bodies: [[UInt8]] { received.bodies.withLock { $0 } }

    /// Stops answering; a URL of a stopped receiver has nothing listening.
    public func stop() {
        server.stopAccepting()
        server.stop()
    }
}
