import Foundation

/// Reads a file a user hands StoreSim (a catalog, a script) without trusting it: it must exist
/// and not be a directory; a named pipe (`<(…)`) or device is read, but one that gives nothing —
/// a pipe nobody writes to, which is never waited on — is refused rather than read as empty;
/// no more than `limit` bytes are read.
public enum InputFile {
    /// Why the file could not be read, for the caller to put in its own words.
    public enum Problem: Error, Equatable, Sendable {
        case missing
        case directory
        /// A named pipe or device that gave nothing: what it is ("a named pipe").
        case nothingFrom(String)
        case unreadable(String)
        case tooLarge
    }

    public static func read(path: String, limit: Int) throws(Problem) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing }
        guard !isDirectory.boolValue else { throw .directory }
        // Opened without blocking, so a named pipe that nobody writes to reads as empty instead
        // of hanging; reads then wait as usual.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        guard data.count <= limit else { throw .tooLarge }
        if data.isEmpty, let kind = streamKind(descriptor) { throw .nothingFrom(kind) }
        return data
    }

    /// What the open file is when it is not a regular file: a named pipe, a device, a socket.
    private static func streamKind(_ descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }
}
