import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import StoreEngine
import Testing
import TestSupport
import WorldCore

/// A world made with a range of transaction ids of its own (a chaos trial's, against a team's
/// backend) hands out ids from its first, keeps to it after the world is opened again, and
/// refuses an id past its last; a world made without one hands them out as always. A world made
/// with another's identity signs with its root and accepts its API keys.
@Suite struct TransactionIDRangeTests {
    private let catalog = BuiltInCatalog.catalog()

    private func buy(_ world: World, _ product: String = "com.storesim.coins.100") throws {
        let runner = ScenarioRunner(world: world) { _ in }
        try runner.run(try ScenarioParser(catalog: catalog).parse("buy \(product)\nwait\n", file: "t"), file: "t")
    }

    private func ids(_ world: World) throws -> [Int64] {
        try world.store.transactions().map(\.id.value)
    }

    @Test func aWorldWithoutARangeHandsOutIdsAsAlways() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 1)
        try buy(world)
        #expect(try ids(world) == [1_000_000_000_000_001])
        #expect(world.store.transactionIds == nil)
        #expect(try Store.readTransactionIds(path: folder.dataDirectory.storeDatabase) == nil)
    }

    @Test func aWorldWithARangeKeepsToItAfterItIsOpenedAgain() throws {
        let folder = try TemporaryFolder()
        let range = try #require(TransactionIDRange(first: 2_000_000_007_000_001, count: 1_000_000))
        do {
            let world = try World(directory: folder.dataDirectory, catalog: catalog, seed: 1, origin: StoreOrigin(transactionIds: range))
            try buy(world)
            #expect(try ids(world) == [2_000_000_007_000_001])
        }
        let reopened = try World(directory: folder.dataDirectory, catalog: catalog, seed: 1)
        #expect(reopened.store.transactionIds == range)
        try buy(reopened)
        #expect(try ids(reopened) == [2_000_000_007_000_001, 2_000_000_007_000_002])
        #expect(try Store.readTransactionIds(path: folder.dataDirectory.storeDatabase) == range)
        #expect(range.description == "2000000007000001-2000000008000000")
    }

    @Test func anIdPastTheRangeIsRefused() throws {
        let folder = try TemporaryFolder()
        let range = try #require(TransactionIDRange(first: 3_000_000_000_000_001, count: 1))
        let world = try World(directory: folder.dataDirectory, catalog: catalog, seed: 1, origin: StoreOrigin(transactionIds: range))
        try buy(world)
        #expect(throws: WorldError.self) { try buy(world) }
        #expect(try ids(world) == [3_000_000_000_000_001])
    }

    @Test func aWorldMadeWithAnotherWorldsIdentitySignsAndAcceptsKeysAsItDoes() throws {
        let original = try TemporaryFolder()
        let world = try original.world(seed: 7)
        try world.use(.storekit2)
        try buy(world)
        let key = try APIKeys.create(path: original.dataDirectory.storeDatabase)
        let identity = try #require(try StoreIdentity.read(path: original.dataDirectory.storeDatabase))
        #expect(identity.apiKeys == [key.key])
        #expect(identity.rootCertificate == world.store.rootCertificate?.pem)

        let copy = try TemporaryFolder()
        let made = try World(directory: copy.dataDirectory, catalog: catalog, seed: 1, origin: StoreOrigin(identity: identity))
        try made.use(.storekit2)
        #expect(made.store.rootCertificate?.pem == world.store.rootCertificate?.pem)
        #expect(made.store.sharedSecret == world.store.sharedSecret)
        #expect(try APIKeys.read(path: copy.dataDirectory.storeDatabase) == [key.key])
        #expect(try StoreIdentity.read(path: copy.path + "/missing/store.sqlite") == nil)
    }
}
