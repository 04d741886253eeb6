import Foundation
import Glibc
import Testing
import TestSupport

/// The command line as docs/reference/command-line.md promises it: help, version, exit statuses, one-line errors.
@Suite struct CommandLineTests {
    @Test func helpListsEveryCommand() throws {
        let result = try StoreSimProcess.run(["--help"])
        #expect(result.status == 0)
        for command in ["run", "audit", "state", "matrix", "chaos", "reset"] {
            #expect(result.stdout.contains("\n  \(command) "))
        }
        let keys = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("Keys: ") }.prefix { !$0.isEmpty }.joined(separator: " ")
        for key in ["Enter buy", "x crash", "? help", "m pick a strategy"] {
            #expect(keys.contains(key), "the interface's keys, from its key table: \(keys)")
        }
    }

    @Test func helpForOneCommandShowsItsOptions() throws {
        let result = try StoreSimProcess.run(["help", "run"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: storesim run [--data-dir DIR] [--catalog FILE] [--store STORE] [--api API] [--seed N] [--real-crash] [--unsafe-cache] [--connect URL] [--junit FILE] [--mermaid FILE] SCRIPT..."))
    }

    @Test func theAPIOptionNamesOneOfTheTwoGenerationsOfStoreKit() throws {
        for command in [["run"], ["matrix"], ["chaos"], []] {
            let help = try StoreSimProcess.run(command.isEmpty ? ["--help"] : ["help"] + command)
            #expect(help.stdout.contains("[--api API]"), "\(command)")
        }
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        for arguments in [["run", "--api", "storekit3", script], ["matrix", "--api", "sk2"], ["chaos", "--api", "storekit3"]] {
            let result = try StoreSimProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("storesim: error: unknown StoreKit API '\(arguments[2])'; expected storekit1 or storekit2"))
        }
    }

    @Test func helpForRunListsTheScenarioLanguage() throws {
        let result = try StoreSimProcess.run(["help", "run"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  buy PRODUCT [confirm|cancel|ask]") && $0.contains("Ask to Buy") })
        #expect(lines.contains { $0.hasPrefix("  subscription PRODUCT renew now") })
        #expect(lines.contains { $0.hasPrefix("  expect lost N") })
    }

    @Test func helpAnywhereAmongTheOptionsShowsTheCommandsHelp() throws {
        for arguments in [["run", "--help"], ["run", "--data-dir", "w", "-h"], ["audit", "--json", "--help"]] {
            let result = try StoreSimProcess.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("usage: storesim \(arguments[0]) "), "\(arguments)")
        }
        let interactive = try StoreSimProcess.run(["--seed", "3", "--help"])
        #expect(interactive.status == 0)
        #expect(interactive.stdout.contains("\n  run "), "the overview, not the TUI")
    }

    @Test func helpAsAnOptionsValueIsThatValue() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nexpect balance coins 100\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", "--help", script], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("usage:"))
        #expect(result.stdout.contains("✓ expect balance coins 100"))
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir=--help"], in: folder.url)
        #expect(state.stdout.contains("\"balances\": {\"coins\": 100}"), "the world is in the folder named --help")
    }

    @Test func helpAfterTheDoubleDashIsAnArgument() throws {
        let folder = try TemporaryFolder()
        let run = try StoreSimProcess.run(["run", "--", "--help"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("storesim: error: --help: "), "the script named --help is read, and is missing")
        let audit = try StoreSimProcess.run(["audit", "--", "-h"])
        #expect(audit.status == 2)
        #expect(audit.stderr == "storesim: error: unexpected argument '-h': storesim audit [--data-dir DIR] [--json]\n")
    }

    @Test func versionPrintsOneLine() throws {
        let result = try StoreSimProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("storesim "))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test func versionAndHelpTakeNoArgument() throws {
        for (arguments, message) in [
            (["--version", "extra"], "--version takes no arguments, found 'extra': storesim --version"),
            (["--help", "run"], "--help takes no arguments, found 'run'; for a command's help: storesim help run"),
            (["-h", "run", "x"], "-h takes no arguments, found 'run'; for a command's help: storesim help run"),
        ] {
            let result = try StoreSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr == "storesim: error: \(message)\n", "\(arguments)")
        }
    }

    @Test func aFlagGivenTwiceIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        for (arguments, flag, usage) in [
            (["audit", "--json", "--json"], "--json", "storesim audit [--data-dir DIR] [--json]"),
            (["run", "--real-crash", script, "--real-crash"], "--real-crash", "storesim run [--data-dir DIR] [--catalog FILE] [--store STORE] [--api API] [--seed N] [--real-crash] [--unsafe-cache] [--connect URL] [--junit FILE] [--mermaid FILE] SCRIPT..."),
        ] {
            let result = try StoreSimProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "storesim: error: \(flag) is given twice; give it once: \(usage)\n", "\(arguments)")
        }
    }

    @Test func anEmptyOptionValueIsAnErrorNamingTheOption() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        for arguments in [["audit", "--data-dir", ""], ["state", "--data-dir="], ["--data-dir", ""]] {
            let result = try StoreSimProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "storesim: error: --data-dir needs a value, not an empty one: --data-dir DIR\n", "\(arguments)")
        }
        let catalog = try StoreSimProcess.run(["run", "--catalog", "", script], in: folder.url)
        #expect(catalog.stderr == "storesim: error: --catalog needs a value, not an empty one: --catalog FILE\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ok.scenario"], "nothing written")
    }

    @Test func unknownCommandIsOneErrorLineAndStatusTwo() throws {
        let result = try StoreSimProcess.run(["fly"])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: unknown command 'fly'; did you mean 'play'? expected one of: run, play, serve, audit, state, timeline, catalog, keys, matrix, chaos, bench, reset\n")
    }

    @Test func badScriptLineNamesFileAndLine() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("bad.scenario", "# fine\nbuy com.storesim.coins.100\ndance now\n")
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(script): line 3: unknown command 'dance'; did you mean 'advance'? the closest: advance, launch, wait\n")
        #expect(result.stdout.isEmpty, "nothing runs when a script does not parse")
    }

    @Test func unknownProductIsAnError() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("bad.scenario", "buy com.example.nothing\n")
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 1: unknown product 'com.example.nothing'"))
    }

    @Test func appCommandWhileTheAppIsDownIsAnError() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("down.scenario", "quit\nbuy com.storesim.coins.100\n")
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2: 'buy' needs the running app"))
    }

    @Test func failedExpectSaysWhatItWantedAndFoundAndExitsOne() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("wrong.scenario", """
            buy com.storesim.coins.100
            expect balance coins 999
            expect credited com.storesim.coins.100 1
            """)
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ expect balance coins 999: expected 999, found 100"))
        #expect(result.stdout.contains("✓ expect credited com.storesim.coins.100 1"), "the run goes on after a failed expect")
        #expect(result.stderr.contains("line 2: expect balance coins 999: expected 999, found 100"))
    }

    @Test func brokenCatalogNamesFileAndJSONPath() throws {
        let folder = try TemporaryFolder()
        let catalog = try folder.write("catalog.json", """
            {"storefront": "USA", "products": [{"id": "a", "type": "consumable", "referenceName": "A",
             "price": "0.99", "localizations": {"en_US": {"title": "A", "description": "a"}},
             "grant": {"coins": 1}, "colour": "red"}]}
            """)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--catalog", catalog, script])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: \(catalog): $.products[0].colour: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func secondWriterIsRefusedAndNamesTheHolder() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", folder.path, first]).status == 0)
        let lock = HeldWriterLock(of: folder.path, holder: Array("process \(getpid()) (the test)\n".utf8))
        defer { withExtendedLifetime(lock) {} }
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", folder.path, script])
        #expect(result.status == 2)
        #expect(result.stderr.contains("in use by process \(getpid()) (the test)"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", folder.path])
        #expect(audit.status == 0, "audit only reads and works beside a writer")
    }

    @Test func dataDirectoryComesFromTheEnvironment() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let run = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        #expect(run.status == 0)
        let state = try StoreSimProcess.run(["state", "--json"], environment: ["STORESIM_DATA_DIR": folder.path + "/world"])
        #expect(state.status == 0)
        #expect(state.stdout.contains("\"balances\": {\"coins\": 100}"))
        let xdg = try StoreSimProcess.run(["audit", "--json"], environment: ["XDG_STATE_HOME": folder.path, "STORESIM_DATA_DIR": ""])
        #expect(xdg.status == 2)
        #expect(xdg.stderr == "storesim: error: no world in \(folder.path)/storesim\n", "XDG_STATE_HOME/storesim, which holds no world")
    }

    @Test func auditJSONHasTheContractsShape() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--data-dir", folder.path, script])
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", folder.path])
        #expect(audit.stdout == """
            {"paid": 1, "credited": 1, "pending": 0, "unfinished": 0, "recoverable": 0, "lost": 0, "doubleCredited": 0, "orphanCredits": 0, "refunded": 0, "overcharged": 0, "balanceMismatches": 0, "ok": true}

            """)
    }

    @Test func resetEmptiesTheWorld() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/w", script])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/w/store.sqlite-checked"))
        let reset = try StoreSimProcess.run(["reset", "--data-dir", folder.path + "/w"])
        #expect(reset.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/w")
        #expect(left.allSatisfy { $0 == "storesim.lock" }, "nothing of the world is left, seals included: \(left)")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", folder.path + "/w"])
        #expect(audit.status == 2)
        #expect(audit.stderr == "storesim: error: no world in \(folder.path)/w\n", "the world is gone, never reported ok")
    }

    @Test func matrixJSONHasTheContractsShape() throws {
        let result = try StoreSimProcess.run(["matrix", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\"strategies\": [\"verify-then-finish\", \"queue-only\", \"finish-then-cache\", \"finish-first\", \"server-finishes\"], \"crashPoints\": [\"payment-sent\", \"purchased\", \"cached\", \"server-committed\", \"verified\", \"finished\"], \"cells\": [{\"strategy\": \"verify-then-finish\", \"crashPoint\": \"payment-sent\", \"outcome\": \"recovered\", \"why\": "))
        #expect(result.stdout.contains("{\"strategy\": \"finish-then-cache\", \"crashPoint\": \"finished\", \"outcome\": \"lost\", \"why\": \"finished before the receipt was saved; the Store will not redeliver it\"}"))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test func chaosPassesForTheRecommendedStrategy() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--runs", "25", "--seed", "4"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("chaos: 25 runs in "))
        // Without --api each run draws the app's StoreKit and the notifications switch.
        #expect(result.stdout.contains("strategy verify-then-finish, api drawn (storekit2 in "))
        #expect(result.stdout.contains(" runs, seed 4\n"))
        #expect(result.stdout.contains("failing runs: 0"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/chaos-repro.scenario"))
    }

    /// The repro script would replace `chaos-repro.scenario` in the working directory: a catalog
    /// that is that file (by name or through a link) is refused before any run.
    @Test func chaosRefusesACatalogItsReproWouldReplace() throws {
        let folder = try TemporaryFolder()
        let contents = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let repro = folder.file("chaos-repro.scenario")
        try contents.write(toFile: repro, atomically: false, encoding: .utf8)
        let shop = folder.file("shop.json")
        #expect(symlink(repro, shop) == 0)
        for catalog in ["chaos-repro.scenario", shop] {
            let result = try StoreSimProcess.run(["chaos", "--runs", "150", "--strategy", "finish-first", "--catalog", catalog],
                                                 in: folder.url)
            #expect(result.status == 2)
            #expect(result.stderr == "storesim: error: \(repro): is the catalog, and chaos writes the repro script of a failure "
                + "there; name another catalog\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(try String(contentsOfFile: repro, encoding: .utf8) == contents)
    }

    @Test func chaosCatchesFinishFirstAndItsReproFailsAgain() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--runs", "150", "--strategy", "finish-first"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("audit not ok: run seed "))
        let repro = folder.path + "/chaos-repro.scenario"
        #expect(result.stdout.contains("written to \(repro)") || result.stdout.contains("chaos-repro.scenario"))
        let rerun = try StoreSimProcess.run(["run", repro])
        #expect(rerun.status == 1, "\(rerun.stdout)")
        #expect(rerun.stdout.contains("✗ expect audit ok"))
    }
}
