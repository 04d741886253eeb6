import Foundation
import Glibc

/// The lock that keeps two writers out of one data directory. It is an `flock` on
/// `storesim.lock`, so the kernel frees it when its holder dies, even by SIGKILL.
public final class WriterLock {
    private let fd: Int32

    /// Takes the lock, or throws naming the process that holds it.
    public init(directory: DataDirectory, command: String) throws(WorldError) {
        let path = directory.lock
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor != -1 else {
            throw .dataDirectory(path: path, problem: "cannot open the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .locked(path: directory.path, holder: Self.holder(of: path))
        }
        fd = descriptor
        let text = Array("process \(getpid()) (\(command))\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Who holds the lock, as the holder wrote it in the file (`process 123 (storesim run)`); "another
    /// process" when the file's first line is empty, too long or holds control characters.
    private static func holder(of path: String) -> String {
        let firstLine = (try? String(contentsOfFile: path, encoding: .utf8))?
            .split(separator: "\n", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces) ?? ""
        let isReadable = !firstLine.isEmpty && firstLine.count <= 200
            && !firstLine.unicodeScalars.contains { $0.properties.generalCategory == .control }
        return isReadable ? firstLine : "another process"
    }

    deinit {
        _ = ftruncate(fd, 0)
        close(fd)
    }
}
