import Foundation
import Glibc
import WorldCore

/// `storesim reset`: deletes the world in the data directory.
enum ResetCommand {
    static let spec = CommandSpec(
        name: "reset",
        summary: "Delete the world in the data directory: Store, Server, app cache, timeline, settings.",
        options: [Options.dataDir],
        arguments: nil,
        details: """
            Deletes only StoreSim's own files, and only in a directory that holds a world (the
            Store's or the Server's database): a directory without one is refused, and other files,
            also in app/, are left. Refused while another process writes the directory. An empty
            directory, or one a reset left (only storesim.lock), has nothing to reset.
            """,
        run: run)

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        guard !directory.isAFile else { throw .input("\(directory.path): is a file, not a directory") }
        guard directory.exists else {
            Output.line("nothing to reset: \(directory.path) does not exist")
            return 0
        }
        guard !holdsAtMostTheLock(directory) else {
            Output.line("nothing to reset: \(directory.path) holds no world")
            return 0
        }
        do {
            try directory.requireWorld()
        } catch {
            throw .input("\(error.description); reset deletes only a world's files, and deleted nothing")
        }
        let lock = try Options.lock(directory, command: "storesim reset")
        for path in directory.files where path != directory.lock && FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .input("\(path): cannot delete it: \(error.localizedDescription)")
            }
        }
        let keptApp = try removeAppFolder(directory)
        withExtendedLifetime(lock) {}
        Output.line("reset \(directory.path)")
        if keptApp {
            Output.line("kept \(directory.appFolder): it holds files that are not StoreSim's")
        }
        return 0
    }

    /// Whether the directory is empty but for StoreSim's lock, as a reset leaves it: resetting
    /// it again has nothing to do.
    private static func holdsAtMostTheLock(_ directory: DataDirectory) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return false }
        return names.allSatisfy { directory.path + "/" + $0 == directory.lock }
    }

    /// Removes the app's folder once StoreSim's files in it are gone; true when it still holds
    /// other files, and is kept with them.
    private static func removeAppFolder(_ directory: DataDirectory) throws(CLIError) -> Bool {
        guard rmdir(directory.appFolder) != 0 else { return false }
        switch errno {
        case ENOENT: return false
        case ENOTEMPTY, EEXIST: return true
        default: throw .input("\(directory.appFolder): cannot delete it: \(String(cString: strerror(errno)))")
        }
    }
}
