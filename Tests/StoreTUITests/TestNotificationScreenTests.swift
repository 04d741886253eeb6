import Foundation
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI
import WorldCore

/// Apple's TEST notification on screen. Request a Test Notification "prompts the App Store server
/// to send your server a notification with the TEST notificationType": the faults panel's `t`
/// sends the scenario's `server test-notification`, the timeline shows the request, the token
/// and the notification, and the lane lists it with `—` for the transaction and product it has
/// none of.
@Suite struct TestNotificationScreenTests {
    private func screen(_ state: TUIState, _ world: World) throws -> [String] {
        Screen.render(state, try ReadModel(world).view()).textRows
    }

    @Test func tInTheFaultsPanelRequestsATestNotificationWhichTheLaneShowsAcknowledged() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.key(.character("f")), .key(.character("n")), .key(.character("t")), .key(.escape)]
                                       + .settle + [.capture, .key(.character("l")), .capture])
        try expectFrame(try #require(frames.first), "test-notification-timeline-en-80x24")
        try expectFrame(try #require(frames.last), "test-notification-lane-acknowledged-en-80x24")
    }

    @Test func withNotificationsOffTTellsWhyInOneLine() throws {
        var state = TUIState(columns: 80, rows: 24)
        let view = WorldViewFixture.view()
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("t"))), model: view) == [.perform(.serverTestNotification)])
        #expect(state.mode == .faults)
        let frames = try TUIWorld().session(.settle + [.key(.character("f")), .key(.character("t")), .capture])
        let rows = try #require(frames.first)
        #expect(rows.contains { $0.contains("server notifications are off") }, "\(rows.joined(separator: "\n"))")
    }

    /// The Server went down once the Store's token reached it: the TEST notification waits for
    /// its retry beside a purchase's notification the Server acknowledged.
    @Test(arguments: ["en_US", "zh_CN"])
    func aTestNotificationWaitingForItsRetryInTheLane(_ locale: String) throws {
        let (world, folder) = try NotificationLaneScreenTests.world([
            .buy(productId: NotificationLaneScreenTests.coins, answer: .confirm), .wait, .serverTestNotification, .deliver(2),
            .server(.down),
        ])
        _ = folder
        var state = TUIState(columns: 80, rows: 24, locale: locale)
        state.laneToggled = true
        try expectFrame(try screen(state, world), "test-notification-lane-retry-at-\(locale == "zh_CN" ? "zh-Hans" : "en")-80x24")
    }
}
