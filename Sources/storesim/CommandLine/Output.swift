import Foundation
import Glibc

/// Writes lines straight to the file descriptors, unbuffered, so nothing is lost when the
/// process kills itself.
enum Output {
    static func line(_ text: String) {
        write(1, text + "\n")
    }

    static func error(_ text: String) {
        write(2, "storesim: " + text + "\n")
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
