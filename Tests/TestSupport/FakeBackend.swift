import Foundation
import HTTPServing
import Synchronization

/// A team's backend as a test plays it, on this machine's loopback: it answers StoreSim's
/// `POST /storesim/verify` (crediting each transaction once, or failing as told) and lists what
/// it credited at `GET /storesim/credits`.
public final class FakeBackend: Sendable {
    /// How it answers a verification.
    public enum Mode: Sendable {
        case normal
        case failing(status: Int)
        case rejecting
        case garbage
        /// Credits every request again: a backend that is not idempotent.
        case crediting
    }

    struct State: Sendable {
        var mode: Mode = .normal
        var credits: [(transactionId: String, productId: String)] = []
        var bodies: [[String: String]] = []
        var listsCredits = true
    }

    /// The state the server's threads share.
    final class Box: Sendable {
        let state = Mutex(State())
    }

    let box = Box()
    public let server: HTTPServer

    public init() throws {
        let box = box
        server = try HTTPServer(address: try ListenAddress.parse("127.0.0.1:0").get(), oversized: .text(400, "")) { request, responder in
            responder.respond(Self.answer(request, box))
        }
    }

    public var url: String { "http://\(server.address)" }

    public var credits: [(transactionId: String, productId: String)] { box.state.withLock { $0.credits } }
    public var bodies: [[String: String]] { box.state.withLock { $0.bodies } }

    public func set(_ mode: Mode) { box.state.withLock { $0.mode = mode } }

    public func listCredits(_ lists: Bool) { box.state.withLock { $0.listsCredits = lists } }

    /// Adds a credit the backend made without a request from this world (another world's, or a forged one).
    public func addCredit(transactionId: String, productId: String) {
        box.state.withLock { $0.credits.append((transactionId, productId)) }
    }

    private static func answer(_ request: HTTPRequest, _ box: Box) -> HTTPResponse {
        let state = box
        if request.path == "/storesim/credits" {
            return state.state.withLock { state in
                guard state.listsCredits else { return .text(404, "Not Found") }
                let items = state.credits.map { #"{"transactionId":"\#($0.transactionId)","productId":"\#($0.productId)","quantity":1}"# }
                return .json(200, #"{"credits":[\#(items.joined(separator: ","))]}"#)
            }
        }
        guard request.path == "/storesim/verify",
              let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else { return .text(404, "") }
        let body = object.compactMapValues { $0 as? String }
        let (id, product) = transaction(of: body)
        return state.state.withLock { state in
            state.bodies.append(body)
            switch state.mode {
            case .failing(let status): return .text(status, "down")
            case .rejecting: return .json(200, #"{"result":"rejected","reason":"the receipt is not ours"}"#)
            case .garbage: return .json(200, "<html>")
            case .crediting:
                state.credits.append((id, product))
                return .json(200, #"{"result":"credited"}"#)
            case .normal:
                if state.credits.contains(where: { $0.transactionId == id }) { return .json(200, #"{"result":"already-credited"}"#) }
                state.credits.append((id, product))
                return .json(200, #"{"result":"credited"}"#)
            }
        }
    }

    /// The transaction a request is about: StoreKit 1 names it; StoreKit 2's signed transaction
    /// carries it (read here without verifying: a test's backend trusts StoreSim).
    private static func transaction(of body: [String: String]) -> (id: String, product: String) {
        if let id = body["transactionId"] { return (id, "?") }
        guard let jws = body["signedTransaction"], jws.split(separator: ".").count == 3 else { return ("?", "?") }
        var payload = String(jws.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload), let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ("?", "?")
        }
        return (claims["transactionId"] as? String ?? "?", claims["productId"] as? String ?? "?")
    }
}
