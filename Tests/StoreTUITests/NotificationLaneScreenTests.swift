import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

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
        Screen.render(state, try world.view()).textRows
    }

    private func press(_ key: Key, _ state: inout TUIState, _ world: World) throws {
        _ = TUIUpdate.update(&state, .input(.key(key)), model: try world.view())
    }

    private func laneRow(_ rows: [String]) -> String? {
        rows.first { $0.contains("ONE_TIME_CHARGE") }
    }

    @Test func atEightyColumnsTheHeaderSumsTheLaneUpAndLShowsItThroughARetryToTheDelivery() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm), .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 80, rows: 24)
        let hidden = try screen(state, world)
        #expect(hidden[2].hasSuffix("✉ 1 waiting (l lane) "), "\(hidden[2])")
        #expect(!hidden.contains { $0.contains("Store → Server notifications") })
        #expect(hidden.contains { $0.hasPrefix("Timeline") })
        try press(.character("l"), &state, world)
        #expect(state.status == "The notification lane shows the Store's notifications to the Server and their retries.")
        let shown = try screen(state, world)
        #expect(shown.contains { $0.hasPrefix("Store → Server notifications (1)") }, "\(shown.joined(separator: "\n"))")
        #expect(!shown.contains { $0.hasPrefix("Timeline") }, "at 80 columns the lane takes the timeline's place")
        #expect(!shown[2].contains("✉"))
        let retry = try #require(laneRow(shown))
        #expect(retry == "ONE_TIME_CHARGE        1000000000000001 2/6   retry at 01-01 12:00 100 Coins    ", "\(retry)")

        try world.performInTurn(.server(.up))
        try world.performInTurn(.advance(seconds: 11 * 3600))
        try world.settle()
        let delivered = try #require(laneRow(try screen(state, world)))
        #expect(delivered.hasPrefix("ONE_TIME_CHARGE        1000000000000001 3/6   acknowledged"), "\(delivered)")
        try press(.character("l"), &state, world)
        #expect(state.status == "The notification lane is hidden; the timeline has the whole height.")
        #expect(try screen(state, world)[2].hasSuffix("✉ 1 done (l lane) "))
    }

    @Test func atTwoHundredColumnsTheLaneStandsBesideTheTimeline() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm),
                                              .buy(productId: "com.storesim.premium.monthly", answer: .confirm),
                                              .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 200, rows: 60)
        let rows = try screen(state, world)
        let heading = try #require(rows.first { $0.hasPrefix("Timeline") }, "\(rows.joined(separator: "\n"))")
        #expect(heading.contains("│Store → Server notifications (2)"), "\(heading)")
        #expect(!rows[2].contains("✉"), "the lane is in sight: no summary")
        let subscribed = try #require(rows.first { $0.contains("SUBSCRIBED INITIAL_BUY") })
        #expect(subscribed.contains("│SUBSCRIBED INITIAL_BUY      1000000000000002 2/6   retry at 01-01 12:00 Premium (Monthly)"),
                "\(subscribed)")
        #expect(subscribed.dropFirst(109).hasPrefix("│SUBSCRIBED"), "the lane holds the right 90 columns")
        try press(.character("l"), &state, world)
        let hidden = try screen(state, world)
        #expect(!hidden.contains { $0.contains("Store → Server notifications") })
        #expect(hidden[2].hasSuffix("✉ 2 waiting (l lane) "), "\(hidden[2])")
    }

    @Test func aNotificationNeverAcknowledgedIsGivenUpThenFetchedByTheHistory() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm),
                                              .advance(seconds: 4 * 86400)])
        _ = folder
        for (columns, rows) in [(80, 24), (200, 60)] {
            var state = TUIState(columns: columns, rows: rows)
            state.laneToggled = columns < Screen.laneBesideColumns
            let row = try #require(laneRow(try screen(state, world)))
            #expect(row.contains("1000000000000001 6/6   given up"), "\(columns)×\(rows): \(row)")
        }
        #expect(try screen(TUIState(columns: 80, rows: 24), world)[2].hasSuffix("✉ 1 given up (l lane) "))
        try world.performInTurn(.server(.up))
        try world.performInTurn(.serverHistory)
        try world.settle()
        var state = TUIState(columns: 80, rows: 24)
        state.laneToggled = true
        let fetched = try #require(laneRow(try screen(state, world)))
        #expect(fetched.contains("1000000000000001 6/6   fetched by history"), "\(fetched)")
    }

    @Test func theLaneInSimplifiedChinese() throws {
        let (world, folder) = try Self.world([.server(.down), .buy(productId: Self.coins, answer: .confirm), .advance(seconds: 3600)])
        _ = folder
        var state = TUIState(columns: 80, rows: 24, locale: "zh_CN")
        #expect(try screen(state, world)[2].contains("✉ 等待 1（l 通知栏）"))
        try press(.character("l"), &state, world)
        let rows = try screen(state, world)
        #expect(rows.contains { $0.hasPrefix("商店 → 服务器 通知（1）") }, "\(rows.joined(separator: "\n"))")
        #expect(laneRow(rows)?.contains("01-01 12:00 重试") == true, "\(rows.joined(separator: "\n"))")
    }

    @Test func withNotificationsOffNothingChangesAndLSaysWhy() throws {
        let (world, folder) = try Self.world([.buy(productId: Self.coins, answer: .confirm)], api: .storekit1, notifications: false)
        _ = folder
        var state = TUIState(columns: 80, rows: 24)
        let before = try screen(state, world)
        #expect(!before[2].contains("✉"))
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
        #expect(rows.contains { $0.contains("l  notification lane: shown or hidden") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("Enter JWS") }, "the transaction manager's keys in help")
    }
}
