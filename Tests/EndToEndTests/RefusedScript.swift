import Testing
import TestSupport

/// A script whose last line the world refuses: `storesim run` exits 2 with one error line
/// naming the file, that line and why.
enum RefusedScript {
    /// Runs `script` and expects its last line refused, saying `why`.
    static func expectRefusedInOneLine(_ script: String, _ why: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("refused.scenario", script + "\n")
        let run = try StoreSimProcess.run(["run", file])
        let line = script.split(separator: "\n").count
        #expect(run.status == 2)
        #expect(run.stderr == "storesim: error: \(file): line \(line): \(why)\n")
    }
}
