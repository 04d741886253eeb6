import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// The notification lane, on a real world's view (screens as text rows at 80×24 and 200×60):
/// each App Store Server Notification the Store posted, its posts so far and where it stands.
/// Apple, Responding to App Store Server Notifications: "If the App Store server doesn't
/// receive a success response from your server after the initial notification attempt, it
/// retries as follows: For version 2 notifications, it retries five times" (six posts in all,
/// `n/6`). The retry times here are the simulated Store's, counted from the first attempt as
/// its issue specifies; Apple's page counts each "after the previous attempt".
@Suite struct NotificationLaneScreenTests {
    static let coins = "com.storesim.coins.100"

    /// A StoreKit 2 world whose Store posts notifications, with the app running, that has
    /// carried out `commands` as a script would.
    static func world(_ commands: [ScenarioCommand], api: StoreKitAPI = .storekit2,
                      notifications: Bool = true) throws -> (World, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 3)
        try world.performInTurn(.api(api))
        try world.performInTurn(.launch)
        if notifications { try world.performInTurn(.serverNotifications(on: true)) }
        for command in commands { try world.performInTurn(command) }
        try world.settle()
        return (world, folder)
    }

    private func screen(_ state: TUIState, _ world: World) throws -> [String] {
        Screen.render(state, try ReadModel(world).view()).textRows
    }

    private func press(_ key: Key, _ state: inout TUIState, _ world: World) throws {
        _ = TUIUpdate.update(&state, .input(.key(key)), model: try ReadModel(world).view())
    }

    @Test func atEightyColumnsTheHeaderSumsTheLaneUpAndLShowsItThroughARetryToTheDelivery() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm), .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 80, rows: 24)
        let hidden = try screen(state, world)
        try expectFrame(hidden, "lane-hidden-one-waiting-en-80x24")
        try press(.character("l"), &state, world)
        #expect(state.status == "The notification lane shows the Store's notifications to the Server and their retries.")
        let shown = try screen(state, world)
        try expectFrame(shown, "lane-shown-retry-at-en-80x24")

        try world.performInTurn(.server(.up))
        try world.performInTurn(.advance(seconds: 11 * 3600))
        try world.settle()
        try expectFrame(try screen(state, world), "lane-shown-acknowledged-en-80x24")
        try press(.character("l"), &state, world)
        #expect(state.status == "The notification lane is hidden; the timeline has the whole height.")
        try expectFrame(try screen(state, world), "lane-hidden-one-done-en-80x24")
    }

    @Test func atTwoHundredColumnsTheLaneStandsBesideTheTimeline() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm),
                                              .buy(productId: "com.storesim.premium.monthly", answer: .confirm),
                                              .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 200, rows: 60)
        let rows = try screen(state, world)
        try expectFrame(rows, "lane-beside-the-timeline-en-200x60")
        try press(.character("l"), &state, world)
        let hidden = try screen(state, world)
        try expectFrame(hidden, "lane-hidden-two-waiting-en-200x60")
    }

    @Test func aNotificationNeverAcknowledgedIsGivenUpThenFetchedByTheHistory() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm),
                                              .advance(seconds: 4 * 86400)])
        _ = folder
        for (columns, rows) in [(80, 24), (200, 60)] {
            var state = TUIState(columns: columns, rows: rows)
            state.laneToggled = columns < Screen.laneBesideColumns
            try expectFrame(try screen(state, world), "lane-given-up-en-\(columns)x\(rows)")
        }
        try expectFrame(try screen(TUIState(columns: 80, rows: 24), world), "lane-hidden-one-given-up-en-80x24")
        try world.performInTurn(.server(.up))
        try world.performInTurn(.serverHistory)
        try world.settle()
        var state = TUIState(columns: 80, rows: 24)
        state.laneToggled = true
        try expectFrame(try screen(state, world), "lane-fetched-by-history-en-80x24")
    }

    @Test func theLaneInSimplifiedChinese() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm), .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 80, rows: 24, locale: "zh_CN")
        try expectFrame(try screen(state, world), "lane-hidden-one-waiting-zh-Hans-80x24")
        try press(.character("l"), &state, world)
        let rows = try screen(state, world)
        try expectFrame(rows, "lane-shown-retry-at-zh-Hans-80x24")
    }

    @Test func withNotificationsOffNothingChangesAndLSaysWhy() throws {
        let (world, folder) = try Self.world([.buy(productId: Self.coins, answer: .confirm)], api: .storekit1, notifications: false)
        _ = folder
        var state = TUIState(columns: 80, rows: 24)
        let before = try screen(state, world)
        try expectFrame(before, "storekit1-coins-bought-no-notifications-en-80x24")
        try press(.character("l"), &state, world)
        #expect(state.status == "No notifications: the Store posts them once a script turns on server notifications.")
        #expect(try screen(state, world).dropLast(2) == before.dropLast(2))
    }

    @Test func lIsDeclaredOnceAndListedInHelp() throws {
        let main = KeyMap.main(stepMode: false)
        #expect(main.bindings.filter { $0.keys.contains(.character("l")) }.count == 1)
        for map in [main, KeyMap.playing(main), KeyMap.transactions, KeyMap.decoded] {
            let keys = map.bindings.flatMap(\.keys)
            #expect(keys.indices.allSatisfy { !keys[..<$0].contains(keys[$0]) }, "a key is declared twice: \(keys)")
        }
        var state = TUIState(columns: 120, rows: 40)
        _ = TUIUpdate.update(&state, .input(.key(.character("?"))), model: WorldViewFixture.view())
        let rows = Screen.render(state, WorldViewFixture.view()).textRows
        try expectFrame(rows, "fixture-help-en-120x40")
    }
}
