import Foundation
import Testing
import TestSupport

/// `storesim run --store play`: a world that sells on Google Play, run end to end by the built
/// binary; what a user sees of it (the transcript, the audit, the state) and what is refused.
@Suite struct GooglePlayRunTests {
    /// A Google Play world's transcript, timeline and Mermaid diagram name its orders as Google
    /// does and its store's party as Play.
    @Test func theTimelineAndItsDiagramNameGooglePlayAndItsOrders() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, "--seed", "1",
                                           "Scenarios/play/server-acknowledges-crash-at-purchased.scenario"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Server               credit GPA.") && !run.stdout.contains(" tx 1"), "\(run.stdout)")
        let timeline = try StoreSimProcess.run(["timeline", "--data-dir", world])
        #expect(timeline.stdout.contains("purchases.products.consume GPA.") && !timeline.stdout.contains(" tx 1"))
        let mermaid = try StoreSimProcess.run(["timeline", "--format", "mermaid", "--data-dir", world])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("sequenceDiagram\n    participant App\n    participant Play\n    participant Server\n"
                                         + "    participant Cache\n"), "\(mermaid.stdout.prefix(200))")
        #expect(mermaid.stdout.contains("Play->>Server: RTDN ONE_TIME_PRODUCT_PURCHASED GPA."), "\(mermaid.stdout)")
    }

    @Test func aPurchaseNobodyAcknowledgesIsRefundedAfterThreeDaysAndTheAuditSaysSo() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, "--seed", "1",
                                           "Scenarios/play/crash-at-cached-never-relaunched.scenario"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("User: this world sells on Google Play"))
        #expect(run.stdout.contains("the app crashed at cached: the app has saved the purchase token to its cache"))
        #expect(run.stdout.contains("  00:00:00.030  Play                 GPA."))
        #expect(run.stdout.contains("not acknowledged within three days: Google Play refunded and revoked it "
                                    + "(voidedSource 2 Google, voidedReason 8 Unacknowledged_purchase)"))
        #expect(run.stdout.contains("expectations: 6 met, 0 failed"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.status == 1)
        #expect(audit.stdout.contains("refunded 1  auto-refunded 1  overcharged 0"))
        #expect(audit.stdout.contains(": AUTO-REFUNDED: paid 2026-01-01 00:00:00, not acknowledged by 2026-01-04 00:00:00; "
                                      + "Google Play refunded and revoked it (voidedReason 8 Unacknowledged_purchase)"))
        #expect(audit.stdout.hasSuffix("audit FAILED\n"))
        let json = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(json.stdout.contains(#""refunded": 1, "autoRefunded": 1, "overcharged": 0"#))
        #expect(json.stdout.contains(#""ok": false"#))
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.stdout.hasPrefix(#"{"store": "play", "strategy": "verify-then-acknowledge""#))
        #expect(state.stdout.contains(#""orderId": "GPA."#))
        #expect(state.stdout.contains(#""purchaseState": "PURCHASED", "acknowledged": false, "consumed": false"#))
        #expect(state.stdout.contains(#""voided": {"time": "2026-01-04 00:00:00", "voidedSource": 2, "voidedReason": 8}"#))
    }

    @Test func googlePlaysFileEmptiedOrGoneWhileTheServerCreditedIsOneLineAndLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let bought = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, "Scenarios/play/consumable-bought.scenario"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let play = world + "/play.sqlite"
        #expect(FileManager.default.createFile(atPath: play, contents: Data()))
        let emptied = try StoreSimProcess.run(["run", "--data-dir", world, "Scenarios/play/consumable-bought.scenario"])
        #expect(emptied.status == 2)
        #expect(emptied.stderr.hasPrefix("storesim: error: \(play): is empty (0 bytes), yet server.sqlite has credited this world's "
                                         + "Google Play purchase GPA."), "\(emptied.stderr)")
        #expect(emptied.stderr.hasSuffix(": Google Play's history was emptied; left untouched (storesim reset starts the world over)\n"))
        #expect(try FileManager.default.attributesOfItem(atPath: play)[.size] as? Int == 0, "left as it was")
        try FileManager.default.removeItem(atPath: play)
        let gone = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(gone.status == 2)
        #expect(gone.stderr.contains("\(play): is gone, yet server.sqlite has credited"), "\(gone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: play), "no fresh Google Play made in its place")
    }

    @Test func anAppStoreWorldsAuditNamesNoGooglePlayKey() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        _ = try StoreSimProcess.run(["run", "--data-dir", world, "Scenarios/crash-after-cache.scenario"])
        let json = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(!json.stdout.contains("autoRefunded"))
        let settings = try String(contentsOfFile: world + "/world.json", encoding: .utf8)
        #expect(!settings.contains(#""store""#))
    }

    @Test func storePlayOnAnAppStoreWorldIsOneLine() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let script = try folder.write("buy.scenario", "buy com.storesim.pro\n")
        _ = try StoreSimProcess.run(["run", "--data-dir", world, script])
        let refused = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, script])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "storesim: error: \(world): this world sells on the App Store; --store play needs a fresh world (storesim reset)\n")
        let play = folder.file("play")
        _ = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", play, script])
        let other = try StoreSimProcess.run(["run", "--store", "appstore", "--data-dir", play, script])
        #expect(other.stderr == "storesim: error: \(play): this world sells on Google Play; --store appstore needs a fresh world (storesim reset)\n")
        let again = try StoreSimProcess.run(["run", "--data-dir", play, script])
        #expect(again.status == 0, "a Play world runs on Google Play without --store: \(again.stderr)")
    }

    @Test(arguments: [
        ("redeem SPRING", "line 1: 'redeem CODE' is an App Store command; this world sells on Google Play"),
        ("server history", "line 1: 'server history' is an App Store command; this world sells on Google Play"),
        ("strategy finish-first", "line 1: unknown strategy 'finish-first'; 'finish-first' is the App Store's word; on Google Play: 'acknowledge-first'"),
        ("crash at finished", "line 1: unknown crash point 'finished'; 'finished' is the App Store's word; on Google Play: 'acknowledged'"),
        ("refund com.storesim.pro reason app-issue", "line 1: unknown refund reason 'app-issue'; expected one of: "
            + "other, remorse, not-received, defective, accidental-purchase, fraud, friendly-fraud, chargeback"),
        ("approve com.storesim.pro", "line 1: no pending Google Play purchase of com.storesim.pro is waiting"),
        ("server down\nserver voided", "line 2: the Server is down: it cannot call the Voided Purchases API"),
        ("resume", "line 1: the app is already in the foreground"),
        ("background\nbuy com.storesim.pro", "line 2: 'buy' needs the app in the foreground, and it is in the background; use 'resume' first"),
    ])
    func anAppStoreLineInAPlayWorldIsAScriptError(_ line: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", line + "\n")
        let result = try StoreSimProcess.run(["run", "--store", "play", script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(script): \(message)\n")
    }

    @Test func aGooglePlayExpectationInAnAppStoreWorldIsAScriptError() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", "expect auto-refunded 0\n")
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(script): line 1: 'expect auto-refunded N' is a Google Play command; this world sells on the App Store\n")
    }

    /// The interface and `play` read `--strategy` and `--crash-at` in either store's words, and
    /// refuse the other store's word as `run` and `chaos` do; a word both stores write alike is
    /// taken on both.
    @Test func theInterfaceRefusesTheOtherStoresWordForAStrategyOrACrashPoint() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", "expect audit ok\n")
        for (arguments, message) in [
            (["play", "--store", "play", "--strategy", "finish-first", script],
             "--strategy 'finish-first' is the App Store's word; on Google Play: 'acknowledge-first'"),
            (["play", "--crash-at", "acknowledged", script],
             "--crash-at 'acknowledged' is Google Play's word (with --store play); on the App Store: 'finished'"),
        ] {
            let result = try StoreSimProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "storesim: error: \(message)\n", "\(arguments)")
        }
    }

    @Test func chaosTakesTheStoreWithGooglesStrategiesAndWithoutStoreKit() throws {
        for (arguments, message) in [
            (["--store", "play", "--strategy", "server-finishes"],
             "--strategy 'server-finishes' is the App Store's word; on Google Play: 'server-acknowledges'"),
            (["--strategy", "server-acknowledges"],
             "--strategy 'server-acknowledges' is Google Play's word (with --store play); on the App Store: 'server-finishes'"),
            (["--store", "play", "--api", "storekit2"], "--api chooses a StoreKit generation: a world that sells on Google Play has none"),
        ] {
            let result = try StoreSimProcess.run(["chaos", "--runs", "1"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "storesim: error: \(message)\n", "\(arguments)")
        }
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--store", "play", "--strategy", "server-acknowledges", "--runs", "20"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("strategy server-acknowledges, store play (Google Play, notifications on in every run), seed 1\n"))
    }

    @Test func helpForRunListsGooglePlaysWords() throws {
        let help = try StoreSimProcess.run(["help", "run"]).stdout
        #expect(help.contains("  --store STORE   the store a new world sells on: appstore (default) or play (Google Play)"))
        #expect(help.contains("  strategies: verify-then-acknowledge, query-only, acknowledge-then-cache, acknowledge-first, server-acknowledges\n"))
        #expect(help.contains("  crash points: billing-flow-launched, purchased, cached, server-committed, verified, acknowledged\n"))
        #expect(help.contains("expect auto-refunded N"))
        #expect(help.contains("  buy's answers: confirm, cancel, pending (approve or decline PRODUCT resolves it), slow-approve or\n"))
        #expect(help.contains("background") && help.contains("resume"))
    }
}
