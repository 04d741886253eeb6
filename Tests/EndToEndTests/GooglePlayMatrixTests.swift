import Foundation
import Testing
import TestSupport

/// `storesim matrix --store play` run by the built binary: both stores side by side in text and
/// JSON, `--store appstore` being plain `matrix`, and what does not go with Google Play refused.
@Suite struct GooglePlayMatrixTests {
    @Test func theMatrixShowsBothStoresSideBySide() throws {
        let text = try StoreSimProcess.run(["matrix", "--store", "play"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.isEmpty)
        #expect(text.stdout.hasPrefix("Google Play beside the App Store: each cell is a real run on each store; Google Play's words.\n"))
        #expect(text.stdout.contains("\nacknowledge-first        billing-flow-launched │ recovered      recovered     │\n"))
        #expect(text.stdout.contains("\n                         acknowledged          │ lost           lost          │\n"))
        #expect(text.stdout.contains("\nverify-then-acknowledge  billing-flow-launched │ recovered      auto-refunded │\n"))
        #expect(text.stdout.contains("\nauto-refunded on Google Play: verify-then-acknowledge × crash at cached, app closed 4 days: "
                                     + "the app was closed and never verified it; "))
        let json = try StoreSimProcess.run(["matrix", "--store", "play", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["store"] as? String == "play")
        let abandoned = try #require(object["abandonedCells"] as? [[String: Any]])
        #expect(abandoned.count == 5 * 6 * 2)
        let kept = abandoned.filter { $0["strategy"] as? String == "server-acknowledges" && $0["notifications"] as? Bool == true }
        #expect(kept.compactMap { ($0["play"] as? [String: String])?["outcome"] } == ["recovered", "recovered", "n/a", "n/a", "recovered", "n/a"])
        let cells = try #require(object["cells"] as? [[String: Any]])
        let first = try #require(cells.first)
        #expect(first["crashPoint"] as? String == "billing-flow-launched")
        #expect((first["appStore"] as? [String: String])?["crashPoint"] == "payment-sent")
    }

    @Test func storeAppStoreIsPlainMatrix() throws {
        let plain = try StoreSimProcess.run(["matrix", "--json"])
        let appStore = try StoreSimProcess.run(["matrix", "--store", "appstore", "--json"])
        #expect(appStore.status == 0)
        #expect(appStore.stdout == plain.stdout)
    }

    @Test(arguments: [
        (["--api", "storekit2"], "--api chooses a StoreKit generation: a world that sells on Google Play has none"),
        (["--real-crash"], "--real-crash runs the App Store's matrix only: it does not go with --store play"),
    ])
    func whatDoesNotGoWithGooglePlayIsOneLine(_ flags: [String], _ message: String) throws {
        let result = try StoreSimProcess.run(["matrix", "--store", "play"] + flags)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "storesim: error: \(message)\n")
    }

    @Test func helpForMatrixOffersTheStore() throws {
        let help = try StoreSimProcess.run(["help", "matrix"]).stdout
        #expect(help.contains("usage: storesim matrix [--json] [--store STORE] [--api API] [--unsafe-cache] [--real-crash]"), "\(help)")
        #expect(help.contains("  --store STORE   appstore (default: the App Store's matrix) or play (each cell on both stores, side by side)"))
    }
}
