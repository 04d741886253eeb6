import Foundation
import Glibc
import IAPCore

/// Writes lines straight to the file descriptors, unbuffered, so nothing is lost when the
/// process kills itself. Everything printed passes through here, and nothing in a value read
/// from a file or given as an argument can drive the terminal: hidden characters are escaped
/// (`LineText`).
enum Output {
    /// The most characters of an error message; a longer one is cut with `…`.
    static let maxErrorLength = 1000

    /// `text` on stdout; each of its lines has its hidden characters escaped.
    static func line(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        write(1, lines.map { LineText.escaped(String($0)) }.joined(separator: "\n") + "\n")
    }

    /// `text` on stderr as exactly one line: newlines and other hidden characters escaped, cut
    /// to `maxErrorLength` characters.
    static func error(_ text: String) {
        write(2, "storesim: " + LineText.cut(LineText.escaped(text), to: maxErrorLength) + "\n")
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
