import Glibc
import Storage

/// The floor: the same record bytes written to an already open file and fsynced, twice.
final class FsyncFloorContender: CacheContender {
    private let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, holding the same bytes as the cache file so sizes match.
    init(path: String, contents: [UInt8]) throws(BenchError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw BenchError("\(path): cannot open: \(String(cString: strerror(errno)))") }
        try append(contents)
    }

    deinit {
        close(descriptor)
    }

    func saveAndRemove(_ change: CacheChange) throws(BenchError) {
        try append(change.saveBytes)
        try append(change.removeBytes)
    }

    private func append(_ bytes: [UInt8]) throws(BenchError) {
        try BenchError.attempt("the fsync floor") { try DurableFile.writeAll(descriptor, bytes, path: path) }
        guard fsync(descriptor) == 0 else { throw BenchError("\(path): fsync failed: \(String(cString: strerror(errno)))") }
    }
}
