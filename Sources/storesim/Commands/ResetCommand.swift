import Foundation
import Simulator

/// `storesim reset`: deletes the world in the data directory.
enum ResetCommand {
    static let spec = CommandSpec(
        name: "reset",
        summary: "Delete the world in the data directory: Store, Server, app cache, timeline, settings.",
        options: [Options.dataDir],
        arguments: nil,
        details: "Refused while another process writes the directory.",
        run: run)

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let directory = Options.dataDirectory(arguments)
        guard !directory.isAFile else { throw .input("\(directory.path): is a file, not a directory") }
        guard directory.exists else {
            Output.line("nothing to reset: \(directory.path) does not exist")
            return 0
        }
        let lock = try Options.lock(directory, command: "storesim reset")
        let files = directory.files.filter { $0 != directory.lock } + [directory.appFolder]
        for path in files where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .input("\(path): cannot delete it: \(error.localizedDescription)")
            }
        }
        withExtendedLifetime(lock) {}
        Output.line("reset \(directory.path)")
        return 0
    }
}
