import Foundation
import Testing
import TestSupport

/// The line `run --real-crash` prints as it kills itself says what the next launch will show and
/// the exact command that shows it; a temporary world, which a killed process cannot remove, is
/// named there so that it is neither lost nor left unknown.
@Suite struct RealCrashLineTests {
    @Test func theLineTellsTheNextLaunchAndTheCommandForAGivenWorld() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("crash.scenario", "crash at cached\nbuy com.storesim.coins.550\n")
        let world = folder.path + "/world"
        let killed = try StoreSimProcess.run(["run", "--data-dir", world, "--real-crash", script])
        #expect(killed.killedBySignal == SIGKILL)
        #expect(killed.stdout.contains("The next launch will show 1 to recover and 0 lost. To see it: \(StoreSimProcess.binary) --data-dir \(world)"),
                "\(killed.stdout)")
    }

    @Test func aTemporaryWorldIsNamedForItCannotBeRemoved() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("crash.scenario", "strategy finish-first\ncrash at finished\nbuy com.storesim.coins.550\n")
        let killed = try StoreSimProcess.run(["run", "--real-crash", script])
        #expect(killed.killedBySignal == SIGKILL)
        let line = try #require(killed.stdout.split(separator: "\n").first { $0.contains("To see it: \(StoreSimProcess.binary) --data-dir ") },
                                "\(killed.stdout)")
        #expect(line.contains("The next launch will show 0 to recover and 1 lost."))
        let path = try #require(line.split(separator: " ").drop { $0 != "--data-dir" }.dropFirst().first.map(String.init))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.fileExists(atPath: path + "/world.json"), "\(path)")
        #expect(line.contains("a temporary world, kept"), "\(line)")
    }
}
