import Dispatch

/// How a face answers one request, from any thread, once: the answer is kept and the
/// connection, suspended while the face worked, resumes to send it (after the answer's delay).
public struct HTTPResponder: Sendable {
    let exchange: HTTPExchange
    let server: HTTPServer
    /// The suspended connection, as a number: libmicrohttpd's pointer, valid until it resumes.
    let connection: UInt

    /// Sends `response`; a second answer to the same request, or one after the server stopped
    /// (which answered it already), is ignored.
    public func respond(_ response: HTTPResponse) {
        guard exchange.keep(response) else { return }
        let (server, connection) = (server, connection)
        if response.delaySeconds > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + response.delaySeconds) { server.resume(connection) }
        } else {
            server.resume(connection)
        }
    }
}
