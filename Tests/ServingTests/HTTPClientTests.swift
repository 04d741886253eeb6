import Foundation
import HTTPCalls
import HTTPServing
import Testing

/// The world's outgoing HTTP against a server on this machine: every way an exchange ends is
/// told apart, and a server that holds its answer back costs the timeout, no more.
@Suite struct HTTPClientTests {
    let server: HTTPServer
    let client = HTTPClient()

    init() throws {
        server = try HTTPServer(address: try ListenAddress.parse("127.0.0.1:0").get(), oversized: .text(400, "too long")) { request, responder in
            switch request.path {
            case "/ok": responder.respond(.json(200, String(decoding: request.body, as: UTF8.self)))
            case "/teapot": responder.respond(.text(418, "I'm a teapot"))
            case "/slow": responder.respond(HTTPResponse(status: 200, delaySeconds: 3))
            default: responder.respond(.text(404, "Not Found"))
            }
        }
    }

    var base: String { "http://\(server.address)" }

    @Test func anAnswerOfAnyStatusIsAnAnswer() {
        #expect(client.send("POST", base + "/ok", body: Array(#"{"a":1}"#.utf8), timeout: 10) == .answered(status: 200, body: Array(#"{"a":1}"#.utf8)))
        #expect(client.send("GET", base + "/teapot", timeout: 10) == .answered(status: 418, body: Array("I'm a teapot\n".utf8)))
    }

    @Test func aServerThatHoldsItsAnswerCostsTheTimeout() {
        #expect(client.send("GET", base + "/slow", timeout: 0.5) == .timedOut, "the client gave up before the answer came")
    }

    @Test func nothingListeningIsARefusal() throws {
        let closed = try HTTPServer(address: try ListenAddress.parse("127.0.0.1:0").get(), oversized: .text(400, "")) { _, responder in
            responder.respond(.text(200, ""))
        }
        let url = "http://\(closed.address)/x"
        closed.stopAccepting()
        closed.stop()
        guard case .refused = client.send("GET", url, timeout: 5) else {
            Issue.record("a closed port is not a refusal: \(client.send("GET", url, timeout: 5))")
            return
        }
    }

    @Test func aURLThatIsNotHTTPIsRefusedBeforeSending() {
        #expect(client.send("GET", "ftp://example.com/x", timeout: 1) == .failed("'ftp://example.com/x' is not an http:// or https:// URL"))
        #expect(client.send("GET", "not a url", timeout: 1) == .failed("'not a url' is not an http:// or https:// URL"))
    }
}
