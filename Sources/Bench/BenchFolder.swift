import Foundation
import Simulator

/// A fresh temporary folder for one benchmark, on the same disk as the worlds' folders.
struct BenchFolder {
    let path: String

    init() throws(BenchError) {
        path = try BenchError.attempt("a temporary folder") { try DataDirectory.temporary().path }
    }

    /// The path of a file in the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
