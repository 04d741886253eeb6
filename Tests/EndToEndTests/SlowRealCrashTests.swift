import Foundation
import Testing
import TestSupport

/// A crash that really kills the process (SIGKILL) recovers to the same audit as a crash that
/// discards the app in process.
@Suite(.tags(.slow)) struct SlowRealCrashTests {
    static let points = ["payment-sent", "purchased", "cached", "server-committed", "verified", "finished"]

    @Test(arguments: points)
    func realKillRecoversLikeInProcessCrash(_ point: String) throws {
        let folder = try TemporaryFolder()
        let crashing = try folder.write("crash.scenario", """
            crash at \(point)
            buy com.storesim.coins.550
            expect audit ok
            """)
        let recovering = try folder.write("recover.scenario", """
            # the app is launched when the script starts: launch recovery runs here
            expect credited com.storesim.coins.550 1
            expect balance coins 550
            expect pending 0
            expect unfinished 0
            expect audit ok
            """)
        let real = folder.path + "/real"
        let killed = try StoreSimProcess.run(["run", "--data-dir", real, "--real-crash", crashing])
        #expect(killed.killedBySignal == SIGKILL, "expected death by SIGKILL, got status \(killed.status)\n\(killed.stdout)")
        #expect(killed.stdout.contains("the app crashed at \(point)"))
        #expect(!killed.stdout.contains("expectations:"), "the process must die before the end of the script")

        let recovered = try StoreSimProcess.run(["run", "--data-dir", real, recovering])
        #expect(recovered.status == 0, "\(recovered.stdout)\n\(recovered.stderr)")
        #expect(recovered.stdout.contains("recovered"))

        let simulated = folder.path + "/simulated"
        let inProcess = try StoreSimProcess.run(["run", "--data-dir", simulated, crashing, recovering])
        #expect(inProcess.status == 0, "\(inProcess.stdout)\n\(inProcess.stderr)")

        let realAudit = try StoreSimProcess.run(["audit", "--json", "--data-dir", real])
        let simulatedAudit = try StoreSimProcess.run(["audit", "--json", "--data-dir", simulated])
        #expect(realAudit.status == 0)
        #expect(realAudit.stdout == simulatedAudit.stdout)
        #expect(realAudit.stdout.contains("\"lost\": 0"))
        #expect(realAudit.stdout.contains("\"credited\": 1"))
    }
}
