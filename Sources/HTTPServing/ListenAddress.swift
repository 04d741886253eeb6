import Glibc

/// Where a server listens: `ADDR:PORT` with an IPv4 address or a bracketed IPv6 one
/// (`127.0.0.1:8777`, `[::1]:8777`); port 0 asks the system for a free one.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: UInt16
    private let isIPv6: Bool

    /// StoreSim's default: loopback, port 8777.
    public static let standard = ListenAddress(host: "127.0.0.1", port: 8777, isIPv6: false)

    private init(host: String, port: UInt16, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Reads `ADDR:PORT`; nil with the problem when the text is not one.
    public static func parse(_ text: String) -> Result<ListenAddress, HTTPServerError> {
        let fail = { (problem: String) in Result<ListenAddress, HTTPServerError>.failure(HTTPServerError(address: text, problem: problem)) }
        guard let colon = text.lastIndex(of: ":") else { return fail("expected ADDR:PORT, e.g. 127.0.0.1:8777") }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber), portText.count <= 5,
              let port = UInt16(portText) else { return fail("the port must be a number from 0 to 65535") }
        let isIPv6 = host.hasPrefix("[") && host.hasSuffix("]")
        if isIPv6 { host = String(host.dropFirst().dropLast()) }
        let family = isIPv6 ? AF_INET6 : AF_INET
        var buffer = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, host, &buffer) == 1 else {
            return fail(isIPv6 ? "'\(host)' is not an IPv6 address" : "'\(host)' is not an IPv4 address (write IPv6 as [::1]:PORT)")
        }
        return .success(ListenAddress(host: host, port: port, isIPv6: isIPv6))
    }

    /// Whether only this machine can reach the address.
    public var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The same address with another port (the one the system gave for port 0).
    func with(port: UInt16) -> ListenAddress { ListenAddress(host: host, port: port, isIPv6: isIPv6) }

    /// A socket bound to the address and listening, with the port it got; the error names the
    /// address and the system's reason (`Address already in use`).
    func bind() throws(HTTPServerError) -> (socket: Int32, port: UInt16) {
        let family = isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("cannot make a socket") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        let length = withUnsafeMutableBytes(of: &storage) { raw -> socklen_t in
            if isIPv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                inet_pton(AF_INET6, host, &address.sin6_addr)
                raw.storeBytes(of: address, as: sockaddr_in6.self)
                return socklen_t(MemoryLayout<sockaddr_in6>.size)
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            raw.storeBytes(of: address, as: sockaddr_in.self)
            return socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 1024) == 0 else {
            let error = failure("cannot listen")
            close(descriptor)
            throw error
        }
        var got = sockaddr_storage()
        var gotLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &got) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &gotLength) } }
        let gotPort = withUnsafeBytes(of: &got) { raw in
            isIPv6 ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port) : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
        return (descriptor, gotPort)
    }

    private func failure(_ what: String) -> HTTPServerError {
        HTTPServerError(address: description, problem: "\(what) (\(String(cString: strerror(errno))))")
    }
}
