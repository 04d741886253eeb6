import IAPCore
import Testing
@testable import StoreTUI

/// The interface words every Store switch declared in IAPCore, in every language it speaks.
@Suite struct SwitchWordingTests {
    @Test func everyLabelIsWordedInEveryLanguageTheInterfaceSpeaks() {
        #expect(StoreSwitch.every.filter { SwitchWording.table[$0] == nil }.isEmpty, "every declared switch has its words")
        let wordings = StoreSwitch.every.flatMap { [$0.panelLabel] + ($0.headerLabel.map { [$0] } ?? []) + $0.panelWords.values }
        for wording in wordings {
            #expect(!wording.english.isEmpty && !wording.simplifiedChinese.isEmpty)
            #expect(wording.simplifiedChinese != wording.english, "\(wording.english) is not translated")
        }
        #expect(StoreSwitch.productRequests.headerLabel == nil, "the header leaves product requests out")
        #expect(StoreSwitch.productRequests.panelWords[.off]?.english == "failing")
    }
}
