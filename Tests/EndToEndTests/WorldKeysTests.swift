import Foundation
import Testing
import TestSupport

/// A world's keys are its own: a default world draws them from the system's random source when it
/// is made, so no two default worlds share them; a world made with an explicit `--seed` derives
/// them from the seed, so two worlds of one seed sign the same bytes (public test keys).
@Suite struct WorldKeysTests {
    /// One purchase under StoreKit 2 in a new world at `folder/name`: its receipt and the root
    /// certificate its chain ends in.
    private func madeWorld(_ folder: TemporaryFolder, _ name: String, options: [String] = []) throws -> (receipt: String, root: String) {
        let world = folder.file(name)
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\napi storekit2\nbuy com.storesim.coins.100\n")
        let run = try StoreSimProcess.run(["run", "--data-dir", world] + options + [script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let root = try #require(object["rootCertificate"] as? String)
        let receipt = try #require(try DeviceForgery.storeReceipts(of: world).first)
        return (receipt, root)
    }

    @Test func twoDefaultWorldsHaveDifferentKeys() throws {
        let folder = try TemporaryFolder()
        let first = try madeWorld(folder, "first"), second = try madeWorld(folder, "second")
        // The same purchase at the same simulated moment: only the keys can tell the bytes apart.
        #expect(try DeviceForgery.payload(of: first.receipt) == DeviceForgery.payload(of: second.receipt))
        #expect(first.receipt != second.receipt, "the receipt keys differ")
        #expect(first.root != second.root, "the signing keys differ")
    }

    @Test func twoWorldsOfTheSameExplicitSeedHaveTheSameKeys() throws {
        let folder = try TemporaryFolder()
        let first = try madeWorld(folder, "first", options: ["--seed", "5"])
        let second = try madeWorld(folder, "second", options: ["--seed", "5"])
        let other = try madeWorld(folder, "other", options: ["--seed", "6"])
        #expect(first.receipt == second.receipt)
        #expect(first.root == second.root)
        #expect(first.receipt != other.receipt && first.root != other.root)
    }

    @Test func aWorldKeepsItsKeysWhateverSeedItIsOpenedWith() throws {
        let folder = try TemporaryFolder()
        let world = folder.file("world")
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, script]).status == 0)
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1", script]).status == 0)
        let receipts = try DeviceForgery.storeReceipts(of: world)
        try #require(receipts.count == 2)
        #expect(try DeviceForgery.resigned(receipts[0], in: world) == receipts[0])
        #expect(try DeviceForgery.resigned(receipts[1], in: world) == receipts[1], "the second run signs with the key the world was made with")
    }
}
