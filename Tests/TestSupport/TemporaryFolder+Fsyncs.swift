import Foundation
import Storage

extension TemporaryFolder {
    /// The fsyncs and fdatasyncs `body` made to files in the folder (and to the folder itself,
    /// ""), by path relative to it, whether named as given or with the folder's path resolved as
    /// SQLite names it. The count is the process's: other suites' syncs elsewhere are left out.
    public func fsyncs(_ body: () throws -> Void) rethrows -> [String: Int] {
        let bases = [path, url.resolvingSymlinksInPath().path]
        let before = FsyncCount.byPath
        try body()
        var added: [String: Int] = [:]
        for (file, count) in FsyncCount.byPath where count > before[file] ?? 0 {
            guard let base = bases.first(where: { file == $0 || file.hasPrefix($0 + "/") }) else { continue }
            added[String(file.dropFirst(min(file.count, base.count + 1))), default: 0] += count - (before[file] ?? 0)
        }
        return added
    }
}
