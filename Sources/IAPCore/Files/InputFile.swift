import Foundation

/// Reads a file a user hands StoreSim (a catalog, a script) without trusting it: it must exist
/// and not be a directory, a named pipe nobody writes to reads as empty instead of hanging, and
/// no more than `limit` bytes are read.
public enum InputFile {
    /// Why the file could not be read, for the caller to put in its own words.
    public enum Problem: Error, Equatable, Sendable {
        case missing
        case directory
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
        return data
    }
}
