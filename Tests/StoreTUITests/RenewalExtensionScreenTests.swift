import Foundation
import IAPCore
import ReadSide
import Testing
@testable import StoreTUI
import WorldCore

/// Extend a Subscription Renewal Date on screen, in both languages: the timeline shows the
/// Server's request, the Store's `ExtendRenewalDateResponse` (or Apple's error) and the
/// `RENEWAL_EXTENDED` notification, "A notification type that indicates the App Store extended the
/// subscription renewal date for a specific subscription", which the lane lists.
@Suite struct RenewalExtensionScreenTests {
    private static let yearly = "com.storesim.premium.yearly"

    private func screen(_ state: TUIState, _ world: World) throws -> [String] {
        Screen.render(state, try ReadModel(world).view()).textRows
    }

    @Test(arguments: ["en_US", "zh_CN"])
    func theTimelineAndTheLaneShowTheExtension(_ locale: String) throws {
        let (world, folder) = try NotificationLaneScreenTests.world([
            .buy(productId: Self.yearly, answer: .confirm), .wait, .serverExtend(productId: Self.yearly, days: 30, reasonCode: 3),
            .serverExtend(productId: Self.yearly, days: 120, reasonCode: 3),
        ])
        _ = folder
        let language = locale == "zh_CN" ? "zh-Hans" : "en"
        var state = TUIState(columns: 200, rows: 60, locale: locale)
        // The events from the Server's request on: its exchange with the Store, and the refusal.
        let events = try EventLog.readAll(path: world.directory.events)
        state.timeline = Array(events.drop { event in
            if case .user(.extendRenewalDate) = event.what { return false }
            return true
        })
        try expectFrame(try screen(state, world), "renewal-extended-timeline-\(language)-200x60")
        var narrow = TUIState(columns: 80, rows: 24, locale: locale)
        narrow.laneToggled = true
        try expectFrame(try screen(narrow, world), "renewal-extended-lane-\(language)-80x24")
    }
}
