import IAPCore
@testable import ReadSide
import Testing
import TestSupport

/// A loss is told under the strategy that finished the purchase, kept with the world, whatever
/// strategy is in force when the loss is read.
@Suite struct LossStrategyTests {
    let coins = "com.storesim.coins.100"

    @Test func aLossKeepsTheStrategyThatFinishedItAfterTheStrategyChanges() throws {
        let fixture = try WorldFixture(strategy: .finishThenCache)
        try fixture.run(.crashAt(.finished), .buy(productId: coins, answer: .confirm), .launch, .strategy(.verifyThenFinish))
        let why = LossCause(strategy: .finishThenCache, trial: .crash(.finished))
        let losses = try fixture.readModel.view().losses
        #expect(losses.map(\.strategy) == [.finishThenCache])
        #expect(losses.map(\.why) == [why])

        let reopened = try fixture.folder.world(seed: 7)
        #expect(try ReadModel(reopened).view().losses.map(\.strategy) == [.finishThenCache])
        let snapshot = try ReadModel(reopened).snapshot()
        let lines = snapshot.audit(catalog: reopened.catalog).lines(catalog: reopened.catalog, finishedEarly: snapshot.settings.finishedEarly ?? [:])
        #expect(lines.contains("    why it cannot be recovered: " + why.english))
    }

    @Test func aPurchaseTheServerCreditedLeavesNoRecord() throws {
        let fixture = try WorldFixture(strategy: .finishFirst)
        try fixture.run(.buy(productId: coins, answer: .confirm))
        #expect(fixture.world.settings.finishedEarly == nil)
    }
}
