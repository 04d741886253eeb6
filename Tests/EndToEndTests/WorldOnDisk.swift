import Foundation
import Testing
import TestSupport

/// Worlds made through the built binary, and what they hold on disk, for the end-to-end tests.
enum WorldOnDisk {
    /// The data directory `folder/world` after `run` of a script of `lines`; the test fails if
    /// the script does.
    static func made(in folder: TemporaryFolder, running lines: String, options: [String] = [],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let world = folder.path + "/world"
        let script = try folder.write("make-world.scenario", lines)
        let result = try StoreSimProcess.run(["run", "--data-dir", world] + options + [script])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        return world
    }

    /// Every file under `directory`, by its path inside it, with its bytes.
    static func files(in directory: String) -> [String: Data] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        return Dictionary(uniqueKeysWithValues: names.compactMap { name in
            FileManager.default.contents(atPath: directory + "/" + name).map { (name, $0) }
        })
    }
}
