import IAPCore
import Testing
@testable import Drivers

/// Chaos draws the app's StoreKit and the notifications switch per run when no API is given;
/// `--api storekit1` keeps the runs chaos always made (no switch commands, notifications off).
@Suite struct ChaosSwitchesTests {
    @Test func storeKit1GivenAddsNothingToTheScript() {
        for seed in UInt64(0)..<200 {
            let switches = ChaosSwitches.draw(api: .storekit1, runSeed: seed)
            #expect(switches == ChaosSwitches(api: .storekit1, notifications: false))
            #expect(switches.commands.isEmpty)
        }
    }

    @Test func withNoAPIGivenEveryCombinationIsDrawnAndTheScriptSetsIt() {
        let drawn = (UInt64(0)..<200).map { ChaosSwitches.draw(api: nil, runSeed: $0) }
        #expect(Set(drawn.map { "\($0.api.rawValue) \($0.notifications)" })
            == ["storekit1 false", "storekit1 true", "storekit2 false", "storekit2 true"])
        #expect(ChaosSwitches(api: .storekit2, notifications: true).commands == [.api(.storekit2), .serverNotifications(on: true)])
        #expect(drawn == (UInt64(0)..<200).map { ChaosSwitches.draw(api: nil, runSeed: $0) }, "the same seeds draw the same switches")
    }

    @Test func storeKit2GivenDrawsOnlyTheNotifications() {
        let drawn = (UInt64(0)..<200).map { ChaosSwitches.draw(api: .storekit2, runSeed: $0) }
        #expect(drawn.allSatisfy { $0.api == .storekit2 })
        #expect(Set(drawn.map(\.notifications)) == [false, true])
    }
}

/// Against a backend that takes no notifications (`chaos --server-url` without
/// `--notifications-url`), every run has them off, and draws its StoreKit as it would otherwise.
@Suite struct ChaosSwitchesWithoutNotificationsTests {
    @Test func notificationsAreOffAndTheAPIIsDrawnAsBefore() {
        for seed in UInt64(0)..<200 {
            let allowed = ChaosSwitches.draw(api: nil, runSeed: seed)
            let refused = ChaosSwitches.draw(api: nil, runSeed: seed, notificationsAllowed: false)
            #expect(refused == ChaosSwitches(api: allowed.api, notifications: false))
        }
    }
}
