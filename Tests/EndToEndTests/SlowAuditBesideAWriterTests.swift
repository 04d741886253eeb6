import Foundation
import Testing
import TestSupport

/// docs/reference/command-line.md: "An audit beside a running writer reads one consistent
/// moment: it never fails a healthy world." Polled while a long `run` buys, the audit never
/// sees a credit without its payment, nor a finished purchase without its credit.
@Suite(.tags(.slow)) struct SlowAuditBesideAWriterTests {
    @Test func everyAuditTakenDuringALongRunIsOk() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let purchases = String(repeating: "buy com.storesim.coins.100\nwait\nbuy com.storesim.coins.550\nwait\n", count: 150)
        let script = try folder.write("long.scenario", purchases + "expect audit ok\n")
        var polls: [StoreSimProcess.Result] = []
        // Another long run when the machine was too quick for ten audits beside the last one.
        for _ in 1...20 where polls.count < 10 {
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
            writer.arguments = ["run", "--data-dir", world, script]
            writer.standardOutput = FileHandle.nullDevice
            try writer.run()
            while writer.isRunning && polls.count < 400 {
                polls.append(try StoreSimProcess.run(["audit", "--json", "--data-dir", world]))
            }
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        #expect(!polls.isEmpty, "the audit was polled while a run bought")
        let torn = polls.filter { $0.status != 0 }
        #expect(torn.isEmpty, "\(torn.count) of \(polls.count) audits failed a healthy world: \(torn.first?.stdout ?? "")\(torn.first?.stderr ?? "")")
    }
}
