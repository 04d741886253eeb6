import Foundation
import Testing
import TestSupport

/// server-finishes through the built binary: the transcript shows the Server's Finish Transaction
/// to the Store (and no finish from the app), a lost call and the one made again, the audit that
/// follows, and a chaos session under the strategy that ends with every audit ok.
@Suite struct ServerFinishesRunTests {
    /// Apple, Finish Transaction (App Store Server API 1.20): "If you manage entitlement logic on
    /// your server, your server can call Finish Transaction after it finishes providing the
    /// customer with the new content." The app sends no finish of its own.
    @Test func theTranscriptShowsTheServersFinishTransactionToTheStore() throws {
        let result = try StoreSimProcess.run(["run", "Scenarios/server-finishes.scenario"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let credit = try #require(lines.firstIndex(of: "  00:00:00.090  Server               credit tx 1000000000000001: +100 coins"))
        let call = try #require(lines.firstIndex(of: "  00:00:00.090  Server  ──▶ Store    Finish Transaction tx 1000000000000001"))
        let arrival = try #require(lines.firstIndex(of: "  00:00:00.110  Server  ··✓ Store    Finish Transaction tx 1000000000000001"))
        #expect(credit < call && call < arrival, "the call follows the credit")
        #expect(lines.contains("  00:00:00.170  Server  ──▶ Store    Finish Transaction tx 1000000000000002"))
        #expect(!lines.contains { $0.contains("App     ──▶ Store    finish transaction") }, "the app never finishes")
        #expect(lines.last == "expectations: 7 met, 0 failed")
    }

    @Test func aLostCallIsShownAndMadeAgainAtTheNextLaunchAndTheAuditIsOk() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, "Scenarios/server-finishes-finish-lost.scenario"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(
            "  00:00:00.110  Server  ··✗ Store    Finish Transaction tx 1000000000000001 ✗ the Server's call was lost\n"))
        #expect(result.stdout.contains("  00:00:00.230  Server  ──▶ Store    Finish Transaction tx 1000000000000001\n"
                                       + "  00:00:00.240  Server  ··✓ App      already credited tx 1000000000000001\n"
                                       + "  00:00:00.250  Server  ··✓ Store    Finish Transaction tx 1000000000000001\n"))
        #expect(result.stdout.contains(
            "★   550 Coins (tx 1000000000000001, from the Store's queue): already credited (duplicate suppressed)"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.status == 0)
        #expect(audit.stdout == "paid 1  credited 1  pending 0  unfinished 0\n"
                + "recoverable 0  lost 0  double-credited 0  orphan credits 0  refunded 0  overcharged 0\naudit ok\n")
        let mermaid = try StoreSimProcess.run(["timeline", "--format", "mermaid", "--data-dir", world])
        #expect(mermaid.stdout.contains("    Server-xStore: Finish Transaction tx 1000000000000001 ✗ the Server#39;s call was lost\n"))
        #expect(mermaid.stdout.contains("    Server->>Store: Finish Transaction tx 1000000000000001\n"))
    }

    @Test func aChaosSessionUnderServerFinishesEndsWithEveryAuditOk() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--runs", "60", "--seed", "4", "--strategy", "server-finishes"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("chaos: 60 runs in "))
        #expect(result.stdout.contains("strategy server-finishes, api drawn (storekit2 in "))
        #expect(result.stdout.contains("failing runs: 0"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/chaos-repro.scenario"))
    }
}
