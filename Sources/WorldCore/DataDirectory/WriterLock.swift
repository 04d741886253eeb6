import Foundation
import Glibc
import Storage

/// The lock that keeps two writers out of one data directory. It is an `flock` on the data
/// directory itself, which cannot be removed from under its holder as a file could (a second
/// writer would then lock a new file of the same name), and which the kernel frees when its
/// holder dies, even by SIGKILL. The holder names itself in `storesim.lock`, for the writer it
/// keeps out.
public final class WriterLock {
    private let directoryDescriptor: Int32
    private let holderFile: Int32

    /// Takes the lock, or throws naming the process that holds it. The lock file must be a
    /// regular file of its own: a symbolic link, a pipe or a hard link there is refused and left
    /// as it is.
    public init(directory: DataDirectory, command: String) throws(WorldError) {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder != -1 else {
            throw .dataDirectory(path: directory.path, problem: "cannot open it to lock it: \(String(cString: strerror(errno)))")
        }
        guard flock(folder, LOCK_EX | LOCK_NB) == 0 else {
            close(folder)
            throw .locked(path: directory.path, holder: Self.holder(in: directory.lock))
        }
        do {
            holderFile = try RegularFile.open(directory.lock, O_RDWR | O_CREAT | O_TRUNC)
        } catch {
            close(folder)
            throw .file(path: error.path, problem: error.problem)
        }
        directoryDescriptor = folder
        let text = Array("process \(getpid()) (\(command))\n".utf8)
        _ = text.withUnsafeBytes { pwrite(holderFile, $0.baseAddress, $0.count, 0) }
    }

    /// Who holds the lock, as the holder wrote it in its file (`process 123 (storesim run)`);
    /// "another process" when the file is missing or not a regular file, or its first line is
    /// empty, too long or holds control characters.
    private static func holder(in path: String) -> String {
        guard let descriptor = try? RegularFile.openForReading(path) else { return "another process" }
        defer { close(descriptor) }
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
        _ = ftruncate(holderFile, 0)
        close(holderFile)
        close(directoryDescriptor)
    }
}
