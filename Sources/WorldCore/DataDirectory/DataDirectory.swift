import Foundation
import Glibc
import Storage

/// The folder that holds one world: each party's files, the timeline and the world's settings.
public struct DataDirectory: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    public var storeDatabase: String { path + "/store.sqlite" }
    public var serverDatabase: String { path + "/server.sqlite" }
    /// Google Play's database, in a world that sells on Google Play.
    public var playDatabase: String { path + "/play.sqlite" }
    public var pendingOrders: String { path + "/app/pending-orders.txt" }
    public var appFolder: String { path + "/app" }
    public var events: String { path + "/events.log" }
    public var settings: String { path + "/world.json" }
    public var catalog: String { path + "/catalog.json" }
    public var lock: String { path + "/storesim.lock" }
    public var receipt: String { appFolder + "/receipt.txt" }

    /// Every file StoreSim keeps in the directory, with the temporaries and companions it
    /// makes beside them.
    public var files: [String] {
        [lock, settings, settings + ".tmp", events, catalog, catalog + ".tmp"]
            + [storeDatabase, serverDatabase, playDatabase].flatMap { database in ["", "-wal", "-shm", "-journal", "-checked"].map { database + $0 } }
            + [pendingOrders, receipt].flatMap { [$0, $0 + ".tmp"] }
            + [pendingOrders + ".rejected", pendingOrders + ".quarantine"]
    }

    /// `--data-dir`, else `$STORESIM_DATA_DIR`, else `$XDG_STATE_HOME/storesim`, else
    /// `~/.local/state/storesim`.
    public static func resolve(option: String?, environment: [String: String]) -> DataDirectory {
        if let option { return DataDirectory(path: option) }
        if let explicit = environment["STORESIM_DATA_DIR"], !explicit.isEmpty {
            return DataDirectory(path: explicit)
        }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            return DataDirectory(path: state + "/storesim")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return DataDirectory(path: home + "/.local/state/storesim")
    }

    /// A new, empty directory under the system's temporary folder; with `inMemory`, under the
    /// memory-backed folder when the machine has one (`memoryFolder`), for a world nothing needs
    /// on a disk.
    public static func temporary(inMemory: Bool = false) throws(WorldError) -> DataDirectory {
        let folder = inMemory ? memoryFolder ?? NSTemporaryDirectory() : NSTemporaryDirectory()
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let directory = DataDirectory(path: base + "storesim-run-" + UUID().uuidString.lowercased())
        TemporaryWorlds.add(directory.path)
        try directory.create()
        return directory
    }

    /// `/dev/shm` when the system mounts a memory file system (tmpfs) there, as Linux does, and
    /// this process may write in it; else nil.
    static let memoryFolder: String? = {
        let folder = "/dev/shm"
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8),
              mounts.split(separator: "\n").contains(where: { line in
                  let fields = line.split(separator: " ")
                  return fields.count > 2 && fields[1] == folder && fields[2] == "tmpfs"
              }),
              access(folder, W_OK | X_OK) == 0
        else { return nil }
        return folder
    }()

    /// Once SIGINT, SIGTERM or SIGHUP has come to a process with temporary worlds, waits for the
    /// signal to end it, so that a failure the worlds' removal caused is never printed or returned.
    public static func holdWhileInterrupted() {
        TemporaryWorlds.holdWhileDying()
    }

    /// For a process that ends by itself on SIGINT and SIGTERM (`storesim serve`, which answers
    /// what is in flight first): those signals then leave its temporary worlds to its own end,
    /// which removes them, rather than removing them and ending it at once.
    public static func leaveInterruptsToTheProcess() {
        TemporaryWorlds.leaveInterruptsToTheProcess()
    }

    /// Removes a directory `temporary()` made, and everything in it.
    public func removeTemporary() {
        TemporaryWorlds.remove(path)
    }

    /// Creates the directory (and the app's folder) when missing, as `mkdir -p` would; refuses a
    /// path that is a file, or that has a file where a parent folder should be, a directory
    /// this process cannot write, and one that `checkFiles` refuses.
    public func create() throws(WorldError) {
        guard !path.isEmpty else { throw .dataDirectory(path: "''", problem: "an empty path is not a directory") }
        try Self.makeFolder(path)
        guard access(path, W_OK) == 0 else {
            throw .dataDirectory(path: path, problem: "is not writable (\(String(cString: strerror(errno))))")
        }
        try checkFiles(for: .writing)
        try Self.makeFolder(appFolder)
    }

    /// Refuses the directory, changing nothing, when something other than a regular file stands
    /// where one of its files should be (a symbolic link, a pipe, a device, a folder), or other
    /// than a folder where the app's folder should be; for `writing`, also when one of its files
    /// has another name (a hard link), through which a write would change a file elsewhere. The
    /// directory itself may be a link.
    public func checkFiles(for use: FileUse) throws(WorldError) {
        let app: FileKind
        do {
            app = try FileKind.at(appFolder)
            if app == .missing || app == .directory {
                for file in files { try RegularFile.check(file, for: use) }
            }
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        switch app {
        case .missing, .directory: return
        case .regular: throw .dataDirectory(path: appFolder, problem: "is a file, not a directory")
        default: throw .dataDirectory(path: appFolder, problem: "is \(app.name), not a directory; left untouched")
        }
    }

    /// Makes `folder` and its missing parents, fsyncing each parent after a folder is made in it.
    private static func makeFolder(_ folder: String) throws(WorldError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .dataDirectory(path: folder, problem: "is a file, not a directory") }
            return
        }
        let parent = DurableFile.parentDirectory(of: folder)
        if parent != folder {
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw .dataDirectory(path: folder, problem: "cannot create it: \(parent) is a file, not a directory")
            }
            try makeFolder(parent)
        }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw .dataDirectory(path: folder, problem: "cannot create it: \(String(cString: strerror(errno)))")
        }
        do {
            try DurableFile.syncDirectory(containing: folder)
        } catch {
            throw .dataDirectory(path: folder, problem: "cannot create it: \(error.problem)")
        }
    }

    /// Whether something that is not a directory stands at the path.
    public var isAFile: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Refuses a directory a reader cannot read a world from: a file at the path, or a
    /// directory where no world has run (neither the Store's nor the Server's database is there).
    public func requireWorld() throws(WorldError) {
        guard !isAFile else { throw .dataDirectory(path: path, problem: "is a file, not a directory") }
        guard [storeDatabase, serverDatabase].contains(where: { (try? FileKind.at($0)) != .missing }) else {
            throw .noWorld(path: path)
        }
    }

    /// Whether the directory exists.
    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
