import Foundation
import Glibc
import Storage

/// The lock that keeps two writers out of one data directory. It is an `flock` on
/// `storesim.lock`, so the kernel frees it when its holder dies, even by SIGKILL.
public final class WriterLock {
    private let fd: Int32

    /// Takes the lock, or throws naming the process that holds it. The lock file must be a
    /// regular file: a symbolic link or a pipe there is refused and left as it is.
    public init(directory: DataDirectory, command: String) throws(WorldError) {
        let path = directory.lock
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path, O_RDWR | O_CREAT)
        } catch {
            throw .file(path: path, problem: error.problem)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            defer { close(descriptor) }
            throw .locked(path: directory.path, holder: Self.holder(of: descriptor))
        }
        fd = descriptor
        let text = Array("process \(getpid()) (\(command))\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Who holds the lock, as the holder wrote it in the file (`process 123 (storesim run)`); "another
    /// process" when the file's first line is empty, too long or holds control characters.
    private static func holder(of descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = String(validating: bytes.prefix(max(count, 0)), as: UTF8.self) ?? ""
        let firstLine = text.split(separator: "\n", maxSplits: 1).first?
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
