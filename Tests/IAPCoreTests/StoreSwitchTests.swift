import IAPCore
import Testing

/// Each Store switch is declared once; the help, the header, the faults panel and chaos read
/// these words and orders from the declaration.
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

    @Test func everyLabelIsWordedInEveryLanguageTheInterfaceSpeaks() {
        let wordings = StoreSwitch.all.flatMap { [$0.panelLabel] + ($0.headerLabel.map { [$0] } ?? []) + $0.panelWords.values }
        for wording in wordings {
            #expect(!wording.english.isEmpty && !wording.simplifiedChinese.isEmpty)
            #expect(wording.simplifiedChinese != wording.english, "\(wording.english) is not translated")
        }
        #expect(StoreSwitch.productRequests.headerLabel == nil, "the header leaves product requests out")
    }

    @Test func theFaultsPanelStepsThroughEveryFailureThenOff() {
        var value = StoreSwitch.fail.normal
        var seen: [String] = []
        for _ in 0..<6 {
            value = StoreSwitch.fail.value(after: value)
            seen.append(value.word)
        }
        #expect(seen == ["unknown", "payment-invalid", "not-allowed", "network", "off", "unknown"])
        #expect(StoreSwitch.productRequests.panelWords[.off]?.english == "failing")
        #expect(StoreSwitch.fail.onValue == .failing(.unknown), "'store fail on' fails with an unknown error")
    }

    @Test func chaosDrawsTheSwitchesInTheOrderItAlwaysHas() {
        #expect(StoreSwitch.drawnByChaos == [.askToBuy, .fail, .payments, .interrupt, .sync, .deviceVerification, .subscriptionStatus])
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
