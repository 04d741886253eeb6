import IAPCore
import Testing

/// Each Store switch is declared once; the help, the scripts' words and the faults panel's steps
/// read the declaration.
@Suite struct StoreSwitchTests {
    @Test func theHelpLineAndTheScriptWordsComeFromTheDeclarations() {
        #expect(StoreSwitch.all.map(\.name)
            == ["ask-to-buy", "interrupt", "fail", "payments", "product-requests", "grace-period", "sync", "device-verification",
                "subscription-status"])
        #expect(StoreSwitch.helpLine
            == "every purchase asks a parent, is interrupted, fails, cannot be paid, the products cannot be loaded, "
            + "renewals that cannot be charged keep access for a grace period, restores and syncs fail, "
            + "StoreKit 2 transactions fail verification on the device, or StoreKit 2 apps cannot read a subscription's status")
        #expect(StoreSwitch(rawValue: "payments") == .payments)
        #expect(StoreSwitch(rawValue: "sell") == nil)
    }

    @Test func theFaultsPanelStepsThroughEveryFailureThenOff() {
        var value = StoreSwitch.fail.normal
        var seen: [String] = []
        for _ in 0..<6 {
            value = StoreSwitch.fail.value(after: value)
            seen.append(value.word)
        }
        #expect(seen == ["unknown", "payment-invalid", "not-allowed", "network", "off", "unknown"])
        #expect(StoreSwitch.fail.onValue == .failing(.unknown), "'store fail on' fails with an unknown error")
    }

    @Test func aSwitchSetBackToNormalIsNormal() {
        var switches = StoreSwitches()
        switches[.payments] = .off
        #expect(switches != StoreSwitches())
        #expect(!switches.isOn(.payments))
        switches[.payments] = .on
        #expect(switches == StoreSwitches())
    }
}
