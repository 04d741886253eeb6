import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// A Google Play subscription whose card fails, end to end: the world's clock, the timeline, the
/// Server's entitlement and the interface's Play panel through the grace period, account hold and
/// the recovery.
@Suite struct PlayFailedRenewalWorldTests {
    static let monthly = "com.storesim.premium.monthly"
    static let day: Int64 = 86_400

    /// A fresh Play world, notifications on, the app launched; its read model and every event it tells.
    private final class Fixture {
        let folder: TemporaryFolder
        let world: World
        let readModel: ReadModel
        private(set) var events: [Event] = []

        init() throws {
            folder = try TemporaryFolder()
            world = try folder.world(seed: 7, store: .play)
            readModel = ReadModel(world)
            world.onEvent = { [unowned self] event in events.append(event) }
            try run(.serverNotifications(on: true), .launch)
        }

        func run(_ commands: ScenarioCommand...) throws {
            for command in commands {
                try world.performInTurn(command)
            }
            try world.settle()
        }

        func lines(from start: Int) -> [String] {
            events[start...].flatMap(EventText.lines)
        }

        /// Where the subscription stands in the interface's Play panel, its stage's end to the second.
        func standing() throws -> String {
            switch try readModel.view().playPurchases?.last?.standing {
            case .inGracePeriod(let end): "grace period to \(SimulatedTime.format(end))"
            case .onHold(let end): "on hold to \(SimulatedTime.format(end))"
            case .acknowledged: "acknowledged"
            case let other: String(describing: other)
            }
        }

        /// Whether the Server's entitlements let the account use the subscription now.
        func owned() throws -> Bool {
            try world.server.entitlements().owns(productId: PlayFailedRenewalWorldTests.monthly, account: world.store.account, at: world.now)
        }
    }

    @Test func graceThenHoldThenRecoveredAsTheTimelineAndThePanelTellIt() throws {
        let fixture = try Fixture()
        try fixture.run(.buy(productId: Self.monthly, answer: .confirm), .subscriptionBilling(productId: Self.monthly, fails: true))
        var start = fixture.events.count
        try fixture.run(.advance(seconds: 33 * Self.day))
        var lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("could not be renewed: in its grace period until 2026-02-08 00:00:00") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_IN_GRACE_PERIOD") })
        #expect(try fixture.standing() == "grace period to 2026-02-08 00:00:00")
        #expect(try fixture.owned(), "in the grace period the Server keeps the entitlement")

        start = fixture.events.count
        try fixture.run(.advance(seconds: 10 * Self.day))
        lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("on account hold until 2026-04-02 00:00:00: no access") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_ON_HOLD") })
        #expect(try fixture.standing() == "on hold to 2026-04-02 00:00:00")
        #expect(try !fixture.owned(), "on hold: no access")
        #expect(try fixture.readModel.audit().ok, "a subscription on hold is no lost sale: its renewal was never paid")

        start = fixture.events.count
        try fixture.run(.subscriptionBilling(productId: Self.monthly, fails: false))
        lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("..0 (com.storesim.premium.monthly) recovered from account hold: charged now") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_RECOVERED") })
        #expect(try fixture.readModel.audit().credited == 2, "the recovery's renewal order credited once")
        #expect(try fixture.owned())
        #expect(try fixture.standing() == "acknowledged")
    }
}
