import Foundation
import Glibc
import Testing
import TestSupport

/// Launch recovery credits its orders in batches: one Server transaction for a run of credits,
/// one fsync for a run of cache removals, one Store transaction for a run of finishes. Real
/// SIGKILLs at random instants of such a recovery (inside a batch, between its writes and its
/// commit) lose nothing and credit nothing twice: the next launch recovers what is left. Each
/// recovery dies of its SIGKILL or finishes cleanly; how many kills land mid-run follows the
/// machine's load and is not asserted.
@Suite(.tags(.slow)) struct SlowBatchedRecoveryKillTests {
    static let ordersPerRound = 40
    static let rounds = 8

    @Test func killsInTheMiddleOfBatchedRecoveriesLoseNothingAndDoubleNothing() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let pending = try folder.write("pending.scenario", "server down\n"
            + String(repeating: "buy com.storesim.coins.100\nwait\n", count: Self.ordersPerRound)
            + "expect pending \(Self.ordersPerRound)\nserver up\n")
        let recover = try folder.write("recover.scenario", "wait\n")
        let check = try folder.write("check.scenario", "wait\nexpect lost 0\nexpect pending 0\nexpect unfinished 0\nexpect audit ok\n")
        for round in 1...Self.rounds {
            let left = try StoreSimProcess.run(["run", "--data-dir", world, pending])
            #expect(left.status == 0, "round \(round): \(left.stdout.suffix(2000))\(left.stderr)")
            let span = try Self.timedRecovery(of: world, in: folder, script: recover)
            let recovery = Process()
            recovery.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
            recovery.arguments = ["run", "--data-dir", world, recover]
            let log = folder.file("recovery-\(round).log")
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            recovery.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            recovery.standardError = recovery.standardOutput
            try recovery.run()
            usleep(UInt32(Double.random(in: 0.1...0.8) * span * 1_000_000))
            kill(recovery.processIdentifier, SIGKILL)
            recovery.waitUntilExit()
            let diedOfTheKill = recovery.terminationReason == .uncaughtSignal && recovery.terminationStatus == SIGKILL
            let finished = recovery.terminationReason == .exit && recovery.terminationStatus == 0
            #expect(diedOfTheKill || finished,
                    "round \(round): the recovery neither died of the SIGKILL nor finished: status \(recovery.terminationStatus)")
            let after = try StoreSimProcess.run(["run", "--data-dir", world, check])
            #expect(after.status == 0, "round \(round): the relaunch did not recover: \(after.stdout.suffix(3000))\(after.stderr)")
        }
        let total = Self.ordersPerRound * Self.rounds
        let final = try folder.write("final.scenario",
                                     "expect credited com.storesim.coins.100 \(total)\nexpect balance coins \(100 * total)\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, final])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.contains("\"paid\": \(total), \"credited\": \(total),"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\"doubleCredited\": 0"))
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.stdout.contains("\"cacheWarnings\": []"), "no torn or damaged cache record")
    }

    /// How long an uninterrupted recovery of a copy of the world takes, in seconds.
    private static func timedRecovery(of world: String, in folder: TemporaryFolder, script: String) throws -> Double {
        let copy = folder.path + "/copy"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: world, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let started = Date()
        let result = try StoreSimProcess.run(["run", "--data-dir", copy, script])
        #expect(result.status == 0, "\(result.stderr)")
        return Date().timeIntervalSince(started)
    }
}
