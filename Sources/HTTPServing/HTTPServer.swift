import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: its threads read each request whole, hand it to the
/// face's handler with a responder, and hold the connection suspended, costing no thread, until
/// the handler (from any thread) answers. Connections, idle time, headers and bodies are limited.
public final class HTTPServer: Sendable {
    /// Where it listens, with the port the system gave when port 0 was asked for.
    public let address: ListenAddress
    private let handler: @Sendable (HTTPRequest, HTTPResponder) -> Void
    private let oversized: HTTPResponse
    private let limits: HTTPLimits
    private let daemon = Mutex<UInt?>(nil)
    private let listening = Mutex<Int32?>(nil)
    private let dispatched = Mutex<Int>(0)
    /// The connections suspended while the handler works, by their pointer; once the server
    /// stops, none (and none can be added or resumed).
    private let suspended = Mutex<(open: [UInt: HTTPExchange], stopped: Bool)>(([:], false))

    /// Starts serving on `address` (PEM `tls` key and certificate for HTTPS); `oversized` is
    /// the answer to a body beyond the limit. The handler is called on the server's threads.
    public init(address: ListenAddress, limits: HTTPLimits = HTTPLimits(), tls: (key: String, certificate: String)? = nil,
                oversized: HTTPResponse, handler: @escaping @Sendable (HTTPRequest, HTTPResponder) -> Void) throws(HTTPServerError) {
        let (socket, port) = try address.bind()
        self.address = address.with(port: port)
        self.handler = handler
        self.oversized = oversized
        self.limits = limits
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = storesim_mhd_start(socket, Self.access, context, Self.completed, limits.threads, limits.idleSeconds,
                                         limits.headerBytes, limits.connections, tls?.key, tls?.certificate)
        guard let started else {
            close(socket)
            throw HTTPServerError(address: self.address.description,
                                  problem: tls == nil ? "libmicrohttpd did not start" : "libmicrohttpd did not start (is the TLS key or certificate valid PEM?)")
        }
        daemon.withLock { $0 = UInt(bitPattern: started) }
        listening.withLock { $0 = socket }
    }

    /// Requests handed to the handler whose answer is not yet sent (or whose client left); a
    /// request still arriving is not one of them.
    public var inFlight: Int { dispatched.withLock { $0 } }

    /// Stops taking new connections; those open go on.
    public func stopAccepting() {
        guard let pointer = daemon.withLock({ $0 }).flatMap({ OpaquePointer(bitPattern: $0) }) else { return }
        listening.withLock { socket in
            guard socket != nil else { return }
            let quiesced = MHD_quiesce_daemon(pointer)
            if quiesced >= 0 { close(quiesced) }
            socket = nil
        }
    }

    /// Stops the server: a request still waiting for the handler (or for its answer's delay) is
    /// answered 503 at once, what is being sent gets up to five seconds, then every connection closes.
    public func stop() {
        stopAccepting()
        suspended.withLock { state in
            for (connection, exchange) in state.open {
                _ = exchange.keep(.text(503, "Service Unavailable: the server is stopping"))
                MHD_resume_connection(OpaquePointer(bitPattern: connection))
            }
            state = ([:], true)
        }
        for _ in 0..<500 where inFlight > 0 { usleep(10_000) }
        guard let pointer = daemon.withLock({ value -> UInt? in
            defer { value = nil }
            return value
        }).flatMap({ OpaquePointer(bitPattern: $0) }) else { return }
        MHD_stop_daemon(pointer)
    }

    /// Lets a suspended connection go on to send its answer; nothing once it did, or once the
    /// server stopped.
    func resume(_ connection: UInt) {
        suspended.withLock { state in
            guard state.open.removeValue(forKey: connection) != nil else { return }
            MHD_resume_connection(OpaquePointer(bitPattern: connection))
        }
    }

    deinit { stop() }

    /// One call of libmicrohttpd's access handler for `connection`.
    private func access(_ connection: OpaquePointer, url: String, method: String, upload: UnsafeRawPointer?,
                        uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let stored = state.pointee else {
            let exchange = HTTPExchange(connection: connection, method: method, path: url)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            return .YES
        }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(stored).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let upload { exchange.receive(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee), limit: limits.bodyBytes) }
            uploadSize.pointee = 0
            return .YES
        }
        if let answer = exchange.answer { return Self.send(answer, on: connection) }
        let (request, tooLarge) = exchange.takeRequest()
        guard request != nil || tooLarge else { return .YES }
        dispatched.withLock { $0 += 1 }
        guard let request else { return Self.send(oversized, on: connection) }
        let key = UInt(bitPattern: connection)
        MHD_suspend_connection(connection)
        let open = suspended.withLock { state in
            guard !state.stopped else { return false }
            state.open[key] = exchange
            return true
        }
        guard open else {
            _ = exchange.keep(.text(503, "Service Unavailable: the server is stopping"))
            MHD_resume_connection(connection)
            return .YES
        }
        handler(request, HTTPResponder(exchange: exchange, server: self, connection: key))
        return .YES
    }

    private static func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        if let type = response.contentType { MHD_add_response_header(made, "Content-Type", type) }
        for header in response.headers { MHD_add_response_header(made, header.name, header.value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private func ended(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let stored = state.pointee else { return }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(stored)
        if exchange.takeUnretainedValue().wasDispatched { dispatched.withLock { $0 -= 1 } }
        exchange.release()
        state.pointee = nil
    }

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
        guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        return server.access(connection, url: String(cString: url), method: String(cString: method), upload: UnsafeRawPointer(upload),
                             uploadSize: uploadSize, state: state)
    }

    private static let completed: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let context, let state else { return }
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().ended(state)
    }
}
