import Storage

/// The files a command reads or keeps, each named by what it is, for refusing an output path
/// that would write over one of them: the same place by path (also for a file that does not
/// exist yet), or the same file by identity (another path, a symbolic link, a hard link).
struct TakenFiles {
    private var places: [String: String] = [:]
    private var identities: [FileIdentity: String] = [:]

    /// Takes `paths` as `what`; a path taken before keeps its first name.
    mutating func take(_ paths: [String], as what: String) {
        for path in paths {
            if let place = try? DurableFile.resolvingFolder(of: path, reportingAs: path) {
                places[place] = places[place] ?? what
            }
            if let identity = FileIdentity(of: path) {
                identities[identity] = identities[identity] ?? what
            }
        }
    }

    /// What `path` is among the taken files, or nil when it is none of them.
    func what(_ path: String) -> String? {
        if let place = try? DurableFile.resolvingFolder(of: path, reportingAs: path), let what = places[place] {
            return what
        }
        return FileIdentity(of: path).flatMap { identities[$0] }
    }
}
