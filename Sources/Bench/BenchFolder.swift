import Foundation
import Glibc
import WorldCore

/// A fresh temporary folder for one benchmark, on the same disk as the worlds' folders.
struct BenchFolder {
    private let directory: DataDirectory
    var path: String { directory.path }

    init() throws(BenchError) {
        directory = try BenchError.attempt("a temporary folder") { try DataDirectory.temporary() }
    }

    /// The path of a file in the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Makes everything in the folder durable, each file and folder fsynced: a copy made just
    /// before a measurement is on the disk before it starts, so that the first fsync measured
    /// does not write the whole copy back.
    func makeDurable() throws(BenchError) {
        try BenchError.attempt("making \(path) durable") {
            let names = try FileManager.default.subpathsOfDirectory(atPath: path)
            for file in names.map(self.file) + [path] {
                let fd = open(file, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw BenchError("\(file): open: \(String(cString: strerror(errno)))") }
                defer { close(fd) }
                guard fsync(fd) == 0 else { throw BenchError("\(file): fsync: \(String(cString: strerror(errno)))") }
            }
        }
    }

    /// Removes the folder and everything in it.
    func remove() {
        directory.removeTemporary()
    }
}
