import Glibc

/// Which file a path reaches, by its device and inode: `./x`, `x`, a symbolic link to it and
/// another name of it (a hard link) are one file.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The file `path` reaches, following symbolic links; nil when none does.
    public init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
