import CSQLite
import Glibc
import Synchronization

/// SQLite's own fsyncs, counted in `FsyncCount`: the VFS named `storesim` is SQLite's default
/// "unix" VFS but for two things. Each file it opens gets a copy of its method table whose
/// `xSync` counts the call for the file's path before making it (the unix VFS makes exactly one
/// `fdatasync` per `xSync`), and whose `xClose` forgets the path; and the unix VFS's
/// `openDirectory` system call is replaced by one that counts each folder it opens, which SQLite
/// does only to fsync that folder once (after it creates a log, or when it deletes a file
/// durably). Everything else is the unix VFS's own code, unchanged.
enum SQLiteSyncCounter {
    /// The counting VFS's name, registered the first time it is asked for; nil when SQLite has
    /// no unix VFS to wrap (then databases open with the default and their syncs are not counted).
    /// Every database opens with it, so SQLite's process settings are applied first, before the
    /// VFS lookup initializes SQLite.
    static let vfsName: String? = {
        _ = SQLiteProcessSettings.applied
        return UnixVFS.shared?.register(name: "storesim")
    }()
}

private typealias OpenFile = @convention(c) (UnsafeMutablePointer<sqlite3_vfs>?, UnsafePointer<CChar>?,
                                             UnsafeMutablePointer<sqlite3_file>?, Int32, UnsafeMutablePointer<Int32>?) -> Int32
private typealias OpenDirectory = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> Int32

/// The unix VFS's own functions the counting ones forward to, and the counting method tables.
private final class UnixVFS: @unchecked Sendable {
    static let shared = UnixVFS()

    let base: UnsafeMutablePointer<sqlite3_vfs>
    let open: OpenFile
    let openDirectory: OpenDirectory
    /// The address of each method table the unix VFS gave a file, with its counting copy's.
    private let tables = Mutex<[(original: UInt, counting: UInt)]>([])
    /// The path of each open file, by the address of its `sqlite3_file`.
    private let paths = Mutex<[UInt: String]>([:])

    private init?() {
        guard let base = sqlite3_vfs_find("unix"), let open = base.pointee.xOpen,
              let openDirectory = base.pointee.xGetSystemCall?(base, "openDirectory") else { return nil }
        self.base = base
        self.open = open
        self.openDirectory = unsafeBitCast(openDirectory, to: OpenDirectory.self)
    }

    /// Registers the counting VFS under `name` (not as the default) and counts the unix VFS's
    /// folder syncs; nil when SQLite refuses either.
    func register(name: String) -> String? {
        let counting = unsafeBitCast(countingOpenDirectory, to: sqlite3_syscall_ptr.self)
        guard base.pointee.xSetSystemCall?(base, "openDirectory", counting) == SQLITE_OK,
              let zName = strdup(name) else { return nil }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(zName)
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = countingOpen
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK ? name : nil
    }

    /// The counting copy of the method table at `original`, made the first time it is met.
    func counting(_ original: UnsafePointer<sqlite3_io_methods>) -> UnsafePointer<sqlite3_io_methods> {
        let address = UInt(bitPattern: original)
        let copy = tables.withLock { tables -> UInt in
            if let known = tables.first(where: { $0.original == address }) { return known.counting }
            let copy = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
            copy.initialize(to: original.pointee)
            copy.pointee.xSync = countingSync
            copy.pointee.xClose = forgettingClose
            tables.append((address, UInt(bitPattern: copy)))
            return UInt(bitPattern: copy)
        }
        return UnsafePointer(bitPattern: copy) ?? original
    }

    /// The method table a counting copy was made from.
    func original(of counting: UnsafePointer<sqlite3_io_methods>) -> UnsafePointer<sqlite3_io_methods>? {
        let address = UInt(bitPattern: counting)
        let original = tables.withLock { tables in tables.first { $0.counting == address }?.original }
        return original.flatMap { UnsafePointer(bitPattern: $0) }
    }

    /// Remembers the path of an open file, or forgets it (nil) when the file closes.
    func remember(_ file: UnsafeMutablePointer<sqlite3_file>, path: String?) {
        paths.withLock { $0[UInt(bitPattern: file)] = path }
    }

    /// The path the open file was opened with; a temporary file has none.
    func path(of file: UnsafeMutablePointer<sqlite3_file>) -> String {
        paths.withLock { $0[UInt(bitPattern: file)] } ?? "(a temporary file)"
    }
}

/// The unix VFS's xOpen, then the file's method table swapped for its counting copy.
private let countingOpen: OpenFile = { vfs, name, file, flags, outFlags in
    guard let unix = UnixVFS.shared else { return SQLITE_ERROR }
    let status = unix.open(vfs, name, file, flags, outFlags)
    if let file, let methods = file.pointee.pMethods {
        file.pointee.pMethods = unix.counting(methods)
        unix.remember(file, path: name.map { String(cString: $0) })
    }
    return status
}

/// One `xSync`: counted for the file's path, then made by the unix VFS; inside
/// `DiskSync.skipping`, a success without either.
private let countingSync: @convention(c) (UnsafeMutablePointer<sqlite3_file>?, Int32) -> Int32 = { file, flags in
    guard !DiskSync.skipped else { return SQLITE_OK }
    guard let file, let methods = file.pointee.pMethods, let unix = UnixVFS.shared,
          let sync = unix.original(of: methods)?.pointee.xSync else { return SQLITE_IOERR }
    FsyncCount.add(unix.path(of: file))
    return sync(file, flags)
}

/// The file's path forgotten, then the file closed by the unix VFS.
private let forgettingClose: @convention(c) (UnsafeMutablePointer<sqlite3_file>?) -> Int32 = { file in
    guard let file, let methods = file.pointee.pMethods, let unix = UnixVFS.shared,
          let close = unix.original(of: methods)?.pointee.xClose else { return SQLITE_IOERR }
    unix.remember(file, path: nil)
    return close(file)
}

/// The unix VFS opening the folder of the file at `path` to fsync it: counted for the folder
/// when it opens. Inside `DiskSync.skipping` it does not open, which SQLite takes as a folder it
/// cannot sync and goes on without syncing it.
private let countingOpenDirectory: OpenDirectory = { path, descriptor in
    guard !DiskSync.skipped, let unix = UnixVFS.shared else { return SQLITE_CANTOPEN }
    let status = unix.openDirectory(path, descriptor)
    if status == SQLITE_OK, let path {
        FsyncCount.add(DurableFile.parentDirectory(of: String(cString: path)))
    }
    return status
}
