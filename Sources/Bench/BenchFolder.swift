import Foundation
import Simulator

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

    /// Removes the folder and everything in it.
    func remove() {
        directory.removeTemporary()
    }
}
