import Foundation
import Glibc
import IAPCore
import Synchronization

/// Writes lines straight to the file descriptors, unbuffered, so nothing is lost when the
/// process kills itself. Everything printed passes through here, and nothing in a value read
/// from a file or given as an argument can drive the terminal: hidden characters are escaped
/// (`LineText`). A write to stdout that fails is remembered (`standardOutputFailure`), for the
/// command's exit status.
enum Output {
    /// The most characters of an error message; a longer one is cut with `…`.
    static let maxErrorLength = 1000

    /// The first failure to write stdout, if any.
    private static let failure = Mutex<OutputFailure?>(nil)
    /// Whether the process was started with stdout closed (`reserveClosedDescriptors`).
    private static let startedWithoutStdout = Atomic<Bool>(false)

    /// What went wrong writing stdout; nil while everything printed there was written.
    static var standardOutputFailure: OutputFailure? { failure.withLock { $0 } }

    /// `text` on stdout; each of its lines has its hidden characters escaped.
    static func line(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let problem = startedWithoutStdout.load(ordering: .relaxed)
            ? .closed : write(1, lines.map { LineText.escaped(String($0)) }.joined(separator: "\n") + "\n")
        guard let problem else { return }
        failure.withLock { $0 = $0 ?? problem }
    }

    /// `text` on stderr as exactly one line: newlines and other hidden characters escaped, cut
    /// to `maxErrorLength` characters. Nothing is left to tell of a failure to write it.
    static func error(_ text: String) {
        _ = write(2, "storesim: " + LineText.cut(LineText.escaped(text), to: maxErrorLength) + "\n")
    }

    /// Opens `/dev/null` on standard input, output and error where the process was started with
    /// one closed, before anything else opens a file: else the first file opened (a database)
    /// would take descriptor 1 and receive what is printed. Output to a closed stdout is then a
    /// failure (`OutputFailure.closed`), not lines written nowhere.
    static func reserveClosedDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            guard open("/dev/null", O_RDWR) == descriptor else { continue }
            if descriptor == 1 { startedWithoutStdout.store(true, ordering: .relaxed) }
        }
    }

    /// Writes all of `text`; the failure that stopped it, if any.
    private static func write(_ descriptor: Int32, _ text: String) -> OutputFailure? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return .failed(written < 0 ? errno : EIO) }
            offset += written
        }
        return nil
    }
}
