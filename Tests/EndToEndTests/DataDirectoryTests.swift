import Foundation
import Glibc
import Testing
import TestSupport

/// Data directories that cannot be used, refused in one line with status 2; and a lock left by
/// a killed process, taken over at once. (A lock held by a live process: CommandLineTests.)
@Suite struct DataDirectoryTests {
    @Test func aFileWhereTheDirectoryShouldBeIsRefused() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("world", "not a directory\n")
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--data-dir", file, script], "\(file): is a file, not a directory")
        try expectRefusal(["run", "--data-dir", file + "/deeper/world", script],
                          "\(file)/deeper: cannot create it: \(file) is a file, not a directory")
        for reader in [["audit"], ["state"], ["timeline"]] {
            try expectRefusal(reader + ["--data-dir", file], "\(file): is a file, not a directory")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a directory\n", "the file is left as it was")
    }

    @Test func aDirectoryWithNoWorldIsNeverReportedOk() throws {
        let folder = try TemporaryFolder()
        let empty = folder.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: empty + "/storesim.lock", contents: Data()))
        for directory in [empty, folder.file("missing")] {
            for command in [["audit"], ["audit", "--json"], ["state"], ["state", "--json"], ["timeline"],
                            ["timeline", "--format", "mermaid", "--last", "5"]] {
                try expectRefusal(command + ["--data-dir", directory], "no world in \(directory)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")), "a reader creates nothing")
    }

    @Test func auditAndStateLeaveAClosedWorldByteForByte() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nbuy com.storesim.pro\n")
        let before = WorldOnDisk.files(in: world)
        for command in [["audit"], ["audit", "--json"], ["state"], ["state", "--json"], ["timeline"], ["timeline", "--format", "json"]] {
            #expect(try StoreSimProcess.run(command + ["--data-dir", world]).status == 0)
        }
        #expect(WorldOnDisk.files(in: world) == before, "no -wal or -shm made, no byte changed")
    }

    @Test func anEmptyPathIsRefused() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--data-dir", "", script], "--data-dir needs a value, not an empty one: --data-dir DIR")
    }

    @Test func aFileWhereTheAppsFolderShouldBeIsRefused() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/world", withIntermediateDirectories: false)
        _ = try folder.write("world/app", "")
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--data-dir", folder.path + "/world", script], "\(folder.path)/world/app: is a file, not a directory")
    }

    /// Root writes anywhere, whatever the mode bits say; so as root the run is made as `nobody`.
    /// (A directory that even root cannot write, on a read-only mount, is not made here.)
    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anUnwritableDirectoryIsRefused() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        try FileManager.default.createDirectory(atPath: world, withIntermediateDirectories: false)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        #expect(chmod(folder.path, 0o755) == 0, "nobody may reach the script")
        #expect(chmod(world, 0o555) == 0)
        let readOnly = try runUnprivileged(["run", "--data-dir", world, script])
        #expect(readOnly.status == 2)
        #expect(readOnly.stderr == "storesim: error: \(world): is not writable (Permission denied)\n")
        let inside = try runUnprivileged(["run", "--data-dir", world + "/inner", script])
        #expect(inside.status == 2)
        #expect(inside.stderr == "storesim: error: \(world)/inner: cannot create it: Permission denied\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: world).isEmpty, "nothing was written")
    }

    @Test func aLockLeftByAKilledRunIsTakenOverAtOnce() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let long = try folder.write("long.scenario", String(repeating: "buy com.storesim.coins.100\n", count: 5000))
        let first = Process()
        first.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
        first.arguments = ["run", "--data-dir", world, long]
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        let holder = "process \(first.processIdentifier) (storesim run)"
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? String(contentsOfFile: world + "/storesim.lock", encoding: .utf8))?.contains(holder) != true {
            usleep(20_000)
        }
        #expect(first.isRunning, "the first run is still buying when it is killed")
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)
        #expect(try String(contentsOfFile: world + "/storesim.lock", encoding: .utf8).contains(holder),
                "the dead process's name is still in the lock file")

        let script = try folder.write("after.scenario", "expect lost 0\nexpect audit ok\n")
        let started = Date()
        let second = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(second.status == 0, "\(second.stdout)\n\(second.stderr)")
        #expect(second.stderr.isEmpty, "no question, no warning about the old lock")
        #expect(Date().timeIntervalSince(started) < 10, "no waiting for the dead process")
    }

    /// The lock is held on the directory, not on `storesim.lock`: with that file removed while
    /// a run holds the lock, a second run and a reset are still refused, create nothing, and the
    /// first run ends as it would have.
    @Test func aRemovedLockFileStillKeepsASecondWriterOut() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let long = try folder.write("long.scenario", String(repeating: "buy com.storesim.coins.100\n", count: 2000))
        let first = Process()
        first.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
        first.arguments = ["run", "--data-dir", world, long]
        // Nobody reads its transcript until the end: once the pipe is full, the run waits, with
        // the lock held.
        let transcript = Pipe()
        first.standardOutput = transcript
        first.standardError = FileHandle.nullDevice
        try first.run()
        let holder = "process \(first.processIdentifier) (storesim run)"
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? String(contentsOfFile: world + "/storesim.lock", encoding: .utf8))?.contains(holder) != true
            || !FileManager.default.fileExists(atPath: world + "/store.sqlite") {
            usleep(20_000)
        }
        #expect(unlink(world + "/storesim.lock") == 0)

        let script = try folder.write("after.scenario", "buy com.storesim.coins.100\n")
        for command in [["run", "--data-dir", world, script], ["reset", "--data-dir", world]] {
            let result = try StoreSimProcess.run(command)
            #expect(result.status == 2, "\(command[0])")
            #expect(result.stderr == "storesim: error: \(world): the data directory is in use by another process\n")
        }
        #expect(!FileManager.default.fileExists(atPath: world + "/storesim.lock"), "the refused writers created no lock file")
        #expect(first.isRunning)

        let printed = String(decoding: transcript.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        first.waitUntilExit()
        #expect(first.terminationReason == .exit && first.terminationStatus == 0)
        #expect(printed.hasSuffix("expectations: 0 met, 0 failed\n"))
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.status == 0)
        #expect(audit.stdout.contains("\"ok\": true"), "\(audit.stdout)")
    }

    @Test func aLockFileFullOfGarbageStillNamesItsHolderInOneLine() throws {
        let folder = try TemporaryFolder()
        let garbage: [UInt8] = Array("\u{1B}[2J".utf8) + [0xFF, 0x0A] + Array("second line\n".utf8)
        let lock = HeldWriterLock(of: folder.path, holder: garbage)
        defer { withExtendedLifetime(lock) {} }
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--data-dir", folder.path, script], "\(folder.path): the data directory is in use by another process")
    }

    /// Runs storesim; expects status 2, nothing on stdout and `message` as the one line on stderr.
    private func expectRefusal(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try StoreSimProcess.run(arguments)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stderr == "storesim: error: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    /// Runs storesim as `nobody` when this process is root, as itself otherwise.
    private func runUnprivileged(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", StoreSimProcess.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = StoreSimProcess.projectRoot
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }
}
