import Glibc

extension DurableFile {
    /// Writes `bytes` durably to a new file at `path` with `mode` (whatever the umask): anything
    /// already there (a file, a symbolic link, even a dangling one, a pipe, a folder) is refused
    /// and left as it is, and so is a path whose folder is missing. A failed write removes the
    /// file it made.
    public static func writeNew(_ bytes: [UInt8], to path: String, mode: mode_t) throws(StorageError) {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd != -1 else {
            let failure = errno == EEXIST ? "already exists; name a new file" : "cannot create it: \(errnoText())"
            throw StorageError(path: path, problem: failure)
        }
        try fill(fd, at: path, with: bytes, for: path) { (fd) throws(StorageError) in
            _ = try systemCall(path, "chmod") { fchmod(fd, mode) }
        }
        try syncDirectory(containing: path)
    }
}
