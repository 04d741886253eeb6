import IAPCore
import Testing
@testable import ScenarioLanguage

/// Chaos turns the Store's switches in the order and with the weights it always has, so that a
/// seed makes the runs it always made.
@Suite struct StoreSwitchChaosTests {
    @Test func chaosDrawsTheSwitchesInTheOrderItAlwaysHas() {
        #expect(StoreSwitch.drawnByChaos == [.askToBuy, .fail, .payments, .interrupt, .sync, .deviceVerification, .subscriptionStatus])
        #expect(StoreSwitch.withWords.map(\.chaosWeight) == [1, 2, nil, nil], "environment, verify-receipt; never the time rate or the server API")
    }
}
