import CRename
import Glibc

extension DurableFile {
    /// Replaces the regular file at `path` with `bytes` atomically and durably, as `write` does,
    /// for a file rewritten again and again, without creating a file or freeing one. The new
    /// contents are written over the temporary (`path.tmp`) the last rewrite left, which holds
    /// the contents before the last and is never read, then fsynced, then swapped with `path`
    /// in one step (`renameat2` with `RENAME_EXCHANGE`), and the folder fsynced: before the
    /// swap is durable `path` holds the old contents whole, after it the new ones whole. A
    /// rename over `path` frees the old file, and a disk mounted with `discard` trims its blocks
    /// in the rename, which cost as much as an fsync; a new file costs its allocation and, on a
    /// file system without a journal, a sync of its folder in its own fsync. Where the swap is
    /// not supported, or `path` does not exist yet, the temporary is renamed over `path`.
    public static func rewrite(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try RegularFile.check(path, for: .writing)
        let spare = path + ".tmp"
        let (fd, size) = try openSpare(spare)
        do {
            try writeAll(fd, bytes, path: spare)
            if size > bytes.count {
                try systemCall(spare, "truncate") { ftruncate(fd, off_t(bytes.count)) }
            }
            try FsyncCount.fsync(fd, path: spare, what: "fsync", for: path)
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        try swap(spare, with: path)
        try syncDirectory(containing: path)
    }

    /// The temporary, opened for writing from its start, and its size: the one there, else a
    /// new one. One with another name is refused, as every file written is.
    private static func openSpare(_ spare: String) throws(StorageError) -> (fd: Int32, size: Int) {
        guard try RegularFile.check(spare, for: .writing) else { return (try RegularFile.createExclusively(spare), 0) }
        let fd = try RegularFile.open(spare, O_WRONLY)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = errnoText()
            close(fd)
            throw StorageError(path: spare, problem: "fstat failed: \(failure)")
        }
        return (fd, Int(info.st_size))
    }

    /// Gives `path` the contents of `spare`, and `spare` those of `path`, in one step; where the
    /// file system cannot swap two names, or `path` is missing, renames `spare` over `path`.
    private static func swap(_ spare: String, with path: String) throws(StorageError) {
        while renameat2(AT_FDCWD, spare, AT_FDCWD, path, UInt32(RENAME_EXCHANGE)) != 0 {
            switch errno {
            case EINTR: continue
            case ENOENT, EINVAL, ENOSYS, EOPNOTSUPP:
                try systemCall(path, "rename") { rename(spare, path) }
                return
            default:
                throw StorageError(path: path, problem: "rename failed: \(errnoText())")
            }
        }
    }
}
