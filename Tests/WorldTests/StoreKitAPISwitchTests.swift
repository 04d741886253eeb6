import Foundation
import IAPCore
@testable import ScenarioLanguage
import Testing
import TestSupport

/// `api storekit1|storekit2` is kept in the world like the strategy: in `world.json`, read back
/// when the world opens again; a world written before the choice existed used StoreKit 1.
@Suite struct StoreKitAPISwitchTests {
    @Test func aNewWorldUsesStoreKit1() throws {
        let folder = try TemporaryFolder()
        #expect(try folder.world(seed: 1).settings.api == .storekit1)
    }

    @Test func theSwitchIsToldOnTheTimelineAndKeptWhenTheWorldOpensAgain() throws {
        let folder = try TemporaryFolder()
        var told: [String] = []
        do {
            let world = try folder.world(seed: 1)
            world.onEvent = { told.append($0.text) }
            try world.perform(.api(.storekit2))
        }
        #expect(told.contains("api storekit2"))
        let settings = try String(contentsOfFile: folder.path + "/world.json", encoding: .utf8)
        #expect(settings.contains("\"api\" : \"storekit2\""))
        #expect(try folder.world(seed: 1).settings.api == .storekit2)
    }

    @Test func aSettingsFileWithoutTheKeyIsAStoreKit1World() throws {
        let folder = try TemporaryFolder()
        let written = """
            {"clockMillis": 1767225600000, "networkOnline": true, "server": "up", "strategy": "queue-only", "version": 1}
            """
        try written.write(toFile: folder.path + "/world.json", atomically: true, encoding: .utf8)
        let world = try folder.world(seed: 1)
        #expect(world.settings.api == .storekit1)
        #expect(world.settings.strategy == .queueOnly)
    }

    @Test func anUnknownAPIInTheSettingsFileIsAnErrorNamingItsPath() throws {
        let folder = try TemporaryFolder()
        let written = """
            {"api": "storekit9", "clockMillis": 1767225600000, "networkOnline": true, "server": "up", "strategy": "queue-only", "version": 1}
            """
        try written.write(toFile: folder.path + "/world.json", atomically: true, encoding: .utf8)
        #expect {
            try folder.world(seed: 1)
        } throws: { error in
            "\(error)".hasSuffix("world.json: $.api: unknown StoreKit API \"storekit9\" (expected one of storekit1, storekit2)")
        }
    }
}
