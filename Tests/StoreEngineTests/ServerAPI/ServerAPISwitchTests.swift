import Foundation
import IAPCore
@testable import StoreEngine
import Testing
import TestSupport

/// The `server-api` switch: the App Store Server API faults a backend must survive.
@Suite("App Store Server API: the server-api switch")
final class ServerAPISwitchTests {
    private let world: ServerAPIFixture

    init() throws {
        world = try ServerAPIFixture()
    }

    @Test func downAnswersEveryCallWithTheRetryableInternalError() throws {
        let bought = try world.buy("com.storesim.coins.100")
        try world.store.setSwitches { $0.serverAPI = .down }
        for (method, path) in [("GET", "/inApps/v1/transactions/\(bought.id)"), ("POST", "/inApps/v1/transactions/\(bought.id)/finish"),
                               ("GET", "/inApps/v9/nothing")] {
            let response = try world.call(method, path)
            #expect(try ServerAPIFixture.error(response) == (500, 5_000_001))
            #expect(try ServerAPIFixture.object(response)["errorMessage"] as? String
                == "An error response that indicates an unknown error occurred, but you can try again.")
        }
        #expect(try world.store.unfinishedTransactions().map(\.id) == [bought.id], "a call the API did not answer changed nothing")
    }

    @Test func rateLimitedAnswers429WithApplesCode() throws {
        try world.store.setSwitches { $0.serverAPI = .rateLimited }
        let response = try world.call("GET", "/inApps/v1/transactions/1")
        #expect(try ServerAPIFixture.error(response) == (429, 4_290_000) && response.delaySeconds == 0)
    }

    @Test func slowAnswersRightButLate() throws {
        let bought = try world.buy("com.storesim.pro")
        try world.store.setSwitches { $0.serverAPI = .slow }
        let response = try world.call("GET", "/inApps/v1/transactions/\(bought.id)")
        #expect(response.status == 200 && response.delaySeconds == ServerAPIService.slowSeconds && ServerAPIService.slowSeconds == 3)
        try world.store.setSwitches { $0.serverAPI = .normal }
        #expect(try world.call("GET", "/inApps/v1/transactions/\(bought.id)").delaySeconds == 0)
    }

    @Test func theSwitchIsKeptInStoreSqliteAndScriptsNameItsWords() throws {
        try world.store.setSwitches { $0.serverAPI = .rateLimited }
        let reopened = try Store(path: world.path, catalog: BuiltInCatalog.catalog(), seed: 42)
        #expect(reopened.switches.serverAPI == .rateLimited)
        #expect(StoreSwitch(rawValue: "server-api")?.values.map(\.word) == ["normal", "down", "rate-limited", "slow"])
    }
}
