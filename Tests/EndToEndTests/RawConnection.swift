import Foundation
import Glibc

/// A TCP connection to a local port that sends whatever bytes a hostile test wants — half a
/// request, oversized headers — and reads what comes back, waiting at most `timeout` seconds.
final class RawConnection {
    private var descriptor: Int32

    init(port: UInt16, timeout: Int = 30) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ServeFailure(problem: "cannot connect to port \(port): \(String(cString: strerror(errno)))")
        }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { hangUp() }

    /// Closes the connection, as a client that vanishes does.
    func hangUp() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Sends `text` (its bytes); false when the server closed the connection first.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Everything the server sends until it closes the connection or the timeout passes.
    func readAll() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if let text = String(validating: received, as: UTF8.self), Self.isWhole(text) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The status line's code of what `readAll` got, or 0 for none.
    static func status(of response: String) -> Int {
        Int(response.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Whether a response has all of the body its Content-Length announced.
    private static func isWhole(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return text[end.upperBound...].utf8.count >= length
    }
}
