import CMicroHTTPD
import Glibc
import Synchronization

/// One request on its way through the server: what arrived of it so far, and, once the face
/// has answered, the answer waiting for libmicrohttpd to send it.
final class HTTPExchange: Sendable {
    let method: String
    let path: String
    let query: [(name: String, value: String)]
    let authorization: String?
    let contentType: String?
    let fromLoopback: Bool
    private let state = Mutex<(body: [UInt8], tooLarge: Bool, dispatched: Bool, answer: HTTPResponse?)>(([], false, false, nil))

    init(connection: OpaquePointer, method: String, path: String) {
        self.method = method
        self.path = path
        authorization = Self.header(connection, "Authorization")
        contentType = Self.header(connection, "Content-Type")
        query = Self.arguments(of: connection)
        fromLoopback = Self.isLoopback(storesim_mhd_client_address(connection))
    }

    /// Takes a piece of the body; beyond `limit` bytes the body is dropped and the request refused.
    func receive(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        state.withLock { state in
            guard !state.tooLarge else { return }
            if state.body.count + bytes.count > limit {
                state.tooLarge = true
                state.body = []
            } else {
                state.body.append(contentsOf: bytes)
            }
        }
    }

    /// The request, whole, the first time it is asked for once the body has all arrived; nil
    /// after that, and `tooLarge` when the body went past the limit.
    func takeRequest() -> (request: HTTPRequest?, tooLarge: Bool) {
        state.withLock { state in
            guard !state.dispatched else { return (nil, false) }
            state.dispatched = true
            if state.tooLarge { return (nil, true) }
            return (HTTPRequest(method: method, path: path, query: query, authorization: authorization, contentType: contentType,
                                body: state.body, fromLoopback: fromLoopback), false)
        }
    }

    /// Keeps the answer; false when there was one already.
    func keep(_ answer: HTTPResponse) -> Bool {
        state.withLock { state in
            guard state.answer == nil else { return false }
            state.answer = answer
            return true
        }
    }

    /// Whether the request was handed to the face.
    var wasDispatched: Bool { state.withLock { $0.dispatched } }

    /// The answer, once the face has given it.
    var answer: HTTPResponse? { state.withLock { $0.answer } }

    private static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private static func arguments(of connection: OpaquePointer) -> [(name: String, value: String)] {
        final class Collected { var pairs: [(name: String, value: String)] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                collected.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.pairs
    }

    private static func isLoopback(_ address: UnsafePointer<sockaddr>?) -> Bool {
        guard let address else { return false }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            return UInt32(bigEndian: ipv4) >> 24 == 127
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            let mappedIPv4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return bytes == [UInt8](repeating: 0, count: 15) + [1] || mappedIPv4
        default:
            return false
        }
    }
}
