import Foundation
import IAPCore
@testable import ReadSide
import ScenarioLanguage
import StoreEngine
import Testing
import TestSupport
import WorldCore

/// A world with a range of ids of its own (a chaos trial's) is judged on the outside server's
/// credits within its range only: the backend's credits of other worlds are not its orphans,
/// while a credit in its range that its Store never issued is.
@Suite struct RangedOutsideAuditTests {
    @Test func onlyTheCreditsInTheWorldsRangeAreJudged() throws {
        let folder = try TemporaryFolder()
        let range = try #require(TransactionIDRange(first: 4_000_000_000_000_001, count: 1_000_000))
        let world = try World(directory: folder.dataDirectory, catalog: BuiltInCatalog.catalog(), seed: 5,
                              origin: StoreOrigin(transactionIds: range))
        let backend = try FakeBackend()
        backend.addCredit(transactionId: "1000000000000001", productId: "com.storesim.coins.100")
        let script = "api storekit2\nserver url \(backend.url)\nbuy com.storesim.coins.100\nexpect audit ok\n"
        var lines: [String] = []
        try ScenarioRunner(world: world) { lines.append($0) }.run(try ScenarioParser(catalog: world.catalog).parse(script, file: "t"), file: "t")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(backend.credits.map(\.transactionId) == ["1000000000000001", "4000000000000001"])
        let audit = try ReadModel(world).audit()
        #expect(audit.ok)
        #expect(audit.lines(catalog: world.catalog).first
            == "outside server \(backend.url): 2 credits listed at /storesim/credits, 1 of this world's ids 4000000000000001-4000000001000000, judged below")
        #expect(audit.json.rendered.contains(#""transactionIds": "4000000000000001-4000000001000000""#))

        backend.addCredit(transactionId: "4000000000000500", productId: "com.storesim.coins.100")
        let after = try ReadModel(world).audit()
        #expect(after.orphanCredits == 1)
        #expect(!after.ok)
    }

    @Test func aWorldWithoutARangeLeavesTheCreditsOfChaosRunsWorldsToThem() throws {
        let folder = try TemporaryFolder()
        let world = try World(directory: folder.dataDirectory, catalog: BuiltInCatalog.catalog(), seed: 5)
        let backend = try FakeBackend()
        backend.addCredit(transactionId: "4000000000000001", productId: "com.storesim.coins.100")
        backend.addCredit(transactionId: "2000000000000001", productId: "com.storesim.coins.100")
        let script = "api storekit2\nserver url \(backend.url)\nbuy com.storesim.coins.100\nexpect audit ok\n"
        var lines: [String] = []
        try ScenarioRunner(world: world) { lines.append($0) }.run(try ScenarioParser(catalog: world.catalog).parse(script, file: "t"), file: "t")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "a chaos run's credits are not this world's orphans: \(lines)")
        let audit = try ReadModel(world).audit()
        #expect(audit.orphanCredits == 0)
        #expect(audit.lines(catalog: world.catalog).first == "outside server \(backend.url): 3 credits listed at /storesim/credits, "
            + "2 of them in the ranges of chaos runs' worlds (2000000000000001-9999999999999999), not this world's: 1 judged below")

        backend.addCredit(transactionId: "1000000000000777", productId: "com.storesim.coins.100")
        #expect(try ReadModel(world).audit().orphanCredits == 1, "a credit in the normal range the Store never issued is still an orphan")
    }

    @Test func anAnswerWithoutACreditsListIsNotAListingOfNone() {
        #expect(throws: JSONCursorError.self) { try OutsideCredits.read(Array(#"{"result":"credited","reason":"ok"}"#.utf8)) }
        #expect(throws: JSONCursorError.self) { try OutsideCredits.read(Array("{}".utf8)) }
        #expect((try? OutsideCredits.read(Array(#"{"credits":[]}"#.utf8)))?.isEmpty == true)
    }
}
