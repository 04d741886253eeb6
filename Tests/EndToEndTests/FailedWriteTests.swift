import Foundation
import Storage
import Testing
import TestSupport

/// Writes that fail for real — a full disk, a full or closed stdout, a reader that closes the
/// pipe, a database that cannot be written, a balance past Int64 — end in one line naming the
/// file and the problem and a status that is not 0, never in a success or a wrong message, and
/// leave no temporary world and no unreadable file behind.
@Suite struct FailedWriteTests {
    /// Why files cannot be made immutable here (`chattr +i` needs root and ext2/3/4 or the like).
    static let immutableUnavailable: String? = {
        do {
            let folder = try TemporaryFolder()
            let file = try folder.write("probe", "")
            try SystemTool.run("/usr/bin/chattr", ["+i", file])
            try SystemTool.run("/usr/bin/chattr", ["-i", file])
            return nil
        } catch {
            return "\(error)"
        }
    }()

    @Test(.enabled(if: SmallDisk.unavailable == nil, "needs a tmpfs mounted, which needs root"))
    func aDiskThatFillsWhileAWorldIsMadeIsNamedAsFull() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nexpect lost 0\n")
        var refusals = 0
        for kilobytes in stride(from: 4, through: 160, by: 4) {
            let disk = try SmallDisk(bytes: kilobytes * 1024)
            let result = try StoreSimProcess.run(["run", "--data-dir", disk.path + "/w", script])
            guard result.status != 0 else { continue }
            refusals += 1
            #expect(result.status == 2 && result.killedBySignal == nil, "\(kilobytes) KiB: \(result.stderr)")
            #expect(result.stderr.hasPrefix("storesim: error: \(disk.path)/w/"), "\(kilobytes) KiB: \(result.stderr)")
            #expect(result.stderr.contains("full") || result.stderr.contains("No space left on device"), "\(kilobytes) KiB: \(result.stderr)")
            #expect(!result.stderr.contains("not an error") && result.stderr.split(separator: "\n").count == 1,
                    "\(kilobytes) KiB: \(result.stderr)")
        }
        #expect(refusals > 0)
    }

    @Test(.enabled(if: SmallDisk.unavailable == nil, "needs a tmpfs mounted, which needs root"))
    func aConversionWrittenOntoAFullDiskFailsAndSaysSo() throws {
        let disk = try SmallDisk(bytes: 4096)
        let result = try StoreSimProcess.run(["-c", #"exec "$0" "$@" > "$OUT""#, StoreSimProcess.binary,
                                              "catalog", "convert", "catalog.json", "--to", "storekit"],
                                             environment: ["OUT": disk.path + "/App.storekit"], executable: "/bin/bash")
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: standard output: No space left on device; what was printed is incomplete\n")
    }

    @Test func aCommandWhoseStdoutIsFullOrClosedFailsInOneLine() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        for (redirect, problem) in [("> /dev/full", "standard output: No space left on device; what was printed is incomplete"),
                                    (">&-", "standard output is closed, so nothing could be printed")] {
            for command in [["state", "--json"], ["audit", "--json"], ["timeline"]] {
                let result = try StoreSimProcess.run(["-c", #"exec "$0" "$@" "# + redirect, StoreSimProcess.binary]
                                                     + command + ["--data-dir", world], executable: "/bin/bash")
                #expect(result.status == 2, "\(command) \(redirect)")
                #expect(result.stderr == "storesim: error: \(problem)\n", "\(command) \(redirect)")
            }
        }
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.status == 0, "a closed stdout never lands in a file of the world: \(state.stderr)")
    }

    @Test func aRunWhoseReaderClosesThePipeRemovesItsTemporaryWorld() throws {
        let folder = try TemporaryFolder()
        let temporary = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        // A century of monthly renewals prints far more than a pipe holds, after the one line read.
        let script = try folder.write("long.scenario", "buy com.storesim.premium.monthly\nadvance 3650d\n")
        let result = try StoreSimProcess.run(["-c", #""$0" "$@" | head -1; echo "status ${PIPESTATUS[0]}""#,
                                              StoreSimProcess.binary, "run", script],
                                             environment: ["TMPDIR": temporary], executable: "/bin/bash")
        #expect(result.stdout == "== \(script)\nstatus 2\n")
        #expect(result.stderr == "storesim: error: standard output: Broken pipe; what was printed is incomplete\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "no temporary world left behind")
    }

    @Test(.enabled(if: immutableUnavailable == nil, "needs chattr +i, which needs root and a file system that has it"))
    func aServerDatabaseThatCannotBeWrittenIsRefusedBeforeTheRun() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let server = world + "/server.sqlite"
        try SystemTool.run("/usr/bin/chattr", ["+i", server])
        defer { try? SystemTool.run("/usr/bin/chattr", ["-i", server]) }
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(server): can only be read (a read-only file or file system), and StoreSim must write it; left untouched\n")
    }

    @Test func aCreditThatWouldPassTheLargestBalanceIsRefusedAndTheWorldStaysReadable() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let near = Int64.max - 50
        try SQLiteDatabase(path: world + "/server.sqlite").execute("UPDATE balances SET amount = \(near) WHERE currency = 'coins'")
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nexpect lost 0\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 0, "\(result.stderr)")
        let refusal = "the Server could not save: table balances, row currency \"coins\": column amount \(near) + 100 would pass "
            + "9223372036854775807, the largest whole number SQLite keeps; refused, nothing changed"
        #expect(result.stdout.contains("Server               \(refusal)\n"), "\(result.stdout)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout.contains(#""balances": {"coins": \#(near)}"#), "\(state.stdout)")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        // The balance set by hand is one no credits add up to: the audit names it, and nothing else.
        #expect(audit.stdout.hasSuffix(#""recoverable": 1, "lost": 0, "doubleCredited": 0, "orphanCredits": 0, "refunded": 0, "overcharged": 0, "balanceMismatches": 1, "ok": false}"# + "\n"),
                "\(audit.stdout)")
    }
}
