import Foundation
import Testing
import TestSupport

/// Each option's value is read and checked by its declaration: a word none of its choices is
/// teaches them ("did you mean"), in one line with status 2, before anything runs or is written.
@Suite struct DeclaredOptionTests {
    private static let strategies = "verify-then-finish, queue-only, finish-then-cache, finish-first, server-finishes"

    @Test func aMisspelledChoiceOffersTheNearestAndListsEveryChoice() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        for (arguments, message) in [
            (["chaos", "--strategy", "finish-frist"],
             "unknown strategy 'finish-frist'; did you mean 'finish-first'? expected one of: \(Self.strategies), "
                + "verify-then-acknowledge, query-only, acknowledge-then-cache, acknowledge-first, server-acknowledges"),
            (["--crash-at", "cahced"],
             "unknown crash point 'cahced'; did you mean 'cached'? expected one of: payment-sent, purchased, cached, server-committed, verified, finished, "
                + "billing-flow-launched, acknowledged"),
            (["play", "--strategy", "fast", script], "unknown strategy 'fast'; expected one of: \(Self.strategies), "
                + "verify-then-acknowledge, query-only, acknowledge-then-cache, acknowledge-first, server-acknowledges"),
            (["--lang", "fr"], "unknown language 'fr'; expected en or zh-Hans"),
        ] {
            let result = try StoreSimProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr == "storesim: error: \(message)\n", "\(arguments)")
        }
    }

    @Test func aMisspelledOptionOffersTheNearestOfTheCommandsOptions() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--sed", "1", script], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: unknown option '--sed' for storesim run; did you mean '--seed'? expected one of: "
            + "--data-dir, --catalog, --store, --api, --seed, --real-crash, --unsafe-cache, --connect, --junit, --mermaid, --help, -h\n")
    }

    @Test func aMisspelledOptionOfTheInterfaceNamesItWithoutACommand() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["--datadir", folder.path], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: unknown option '--datadir' for storesim; did you mean '--data-dir'? expected one of: "),
                "\(result.stderr)")
    }

    @Test func aRefusedValueLeavesTheDataDirectoryUnmade() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", "--seed", "-1", script], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: --seed needs a whole number from 0 to 18446744073709551615, not '-1'\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/world"))
    }

    @Test func helpIsShownWhateverTheOtherValuesAre() throws {
        for arguments in [["chaos", "--runs", "0", "--help"], ["timeline", "--format", "xml", "-h"], ["--lang", "fr", "--help"]] {
            let result = try StoreSimProcess.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments)")
            #expect(result.stdout.contains("usage: storesim"), "\(arguments)")
        }
    }
}
