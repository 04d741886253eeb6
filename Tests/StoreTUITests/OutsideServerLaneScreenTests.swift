import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// The outside server's lane, on a real world whose app verifies with a team's backend on this
/// machine's loopback (`server url`): each request the app sent (method, path, transaction)
/// and the HTTP result it read — credited, an HTTP 500, a rejection — and the launch's receipt
/// check, which the protocol has no call for. On a narrow screen `l` swaps it in for the
/// timeline; from 120 columns it stands beside the timeline, above the notification lane when
/// the Store posts notifications too.
@Suite struct OutsideServerLaneScreenTests {
    static let coins = "com.storesim.coins.100"

    /// The events a world recorded, in order.
    final class Recorded {
        var events: [Event] = []
    }

    /// A world whose app verifies with `backend` and bought coins three times: credited, then an
    /// HTTP 500, then rejected; the events it recorded on the way.
    static func world(_ backend: FakeBackend, notifications: Bool = false) throws -> (World, TemporaryFolder, [Event]) {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 3)
        let recorded = Recorded()
        world.onEvent = { recorded.events.append($0) }
        if notifications { try world.performInTurn(.serverNotifications(on: true)) }
        try world.performInTurn(.serverURL(backend.url))
        try world.performInTurn(.launch)
        try world.performInTurn(.buy(productId: coins, answer: .confirm))
        try world.settle()
        backend.set(.failing(status: 500))
        try world.performInTurn(.buy(productId: coins, answer: .confirm))
        try world.settle()
        backend.set(.rejecting)
        try world.performInTurn(.buy(productId: coins, answer: .confirm))
        try world.settle()
        backend.set(.normal)
        try world.performInTurn(.quit)
        try world.performInTurn(.launch)
        try world.settle()
        return (world, folder, recorded.events)
    }

    /// The screen of a state that has seen `events`, after pressing `keys`.
    private func screen(_ world: World, _ events: [Event], columns: Int, rows: Int, locale: String = "en_US",
                        keys: [Key] = []) throws -> (rows: [String], status: String) {
        let view = try ReadModel(world).view()
        var state = TUIState(columns: columns, rows: rows, locale: locale)
        for event in events { _ = TUIUpdate.update(&state, .worldEvent(event), model: view) }
        // The relaunch's recovery report is dismissed first.
        if case .report = state.mode { _ = TUIUpdate.update(&state, .input(.key(.enter)), model: view) }
        for key in keys { _ = TUIUpdate.update(&state, .input(.key(key)), model: view) }
        return (Screen.render(state, view).textRows.map(Self.trailingSpacesCut), state.status)
    }

    /// A row without the spaces that pad it to the screen's width.
    static func trailingSpacesCut(_ row: String) -> String {
        String(row[..<(row.lastIndex { $0 != " " }.map(row.index(after:)) ?? row.startIndex)])
    }

    @Test func atEightyColumnsLSwapsInTheLaneOfRequestsAndResults() throws {
        let backend = try FakeBackend()
        let (world, folder, events) = try Self.world(backend)
        _ = folder
        let timeline = try screen(world, events, columns: 80, rows: 24)
        #expect(!timeline.rows.contains { $0.contains("App → outside server") }, "hidden until l")
        let lane = try screen(world, events, columns: 80, rows: 24, keys: [.character("l")])
        #expect(lane.status == "The outside server's lane shows the app's requests and their HTTP results.")
        let text = lane.rows.joined(separator: "\n")
        #expect(text.contains("App → outside server \(backend.url) (6)"), "\(text)")
        #expect(text.contains("""
            request               id               HTTP result
            POST /storesim/verify 1000000000000001 credited
            POST /storesim/verify 1000000000000002 HTTP 500: asks again later
            POST /storesim/verify 1000000000000003 rejected: the receipt is not ours
            POST /storesim/verify 1000000000000002 credited
            no call               —                no call checks the current receipt:
                                                     nothing revoked
            POST /storesim/verify 1000000000000003 credited
            """), "the relaunch's recovery credits what was left, its receipt check has no call: \(text)")
        #expect(timeline.rows[2].hasPrefix(" what the outside server credited: storesim audit asks it"),
                "the header counts no losses from the built-in ledger, which the outside server's credits are not in: \(timeline.rows[2])")
        let hidden = try screen(world, events, columns: 80, rows: 24, keys: [.character("l"), .character("l")])
        #expect(hidden.status == "The lanes are hidden; the timeline has the whole height.")
        #expect(!hidden.rows.contains { $0.contains("App → outside server") })
    }

    @Test func theChineseLaneWordsEachResult() throws {
        let backend = try FakeBackend()
        let (world, folder, events) = try Self.world(backend)
        _ = folder
        let lane = try screen(world, events, columns: 80, rows: 24, locale: "zh_CN", keys: [.character("l")])
        let text = lane.rows.joined(separator: "\n")
        #expect(lane.status == "外部服务器栏显示 App 的请求及其 HTTP 结果。")
        #expect(text.contains("App → 外部服务器 \(backend.url)（6）"), "\(text)")
        #expect(text.contains("无调用                —                no call checks the current receipt:"), "\(text)")
        #expect(text.contains("POST /storesim/verify 1000000000000001 已入账"), "\(text)")
        #expect(text.contains("POST /storesim/verify 1000000000000002 HTTP 500：稍后再问"), "\(text)")
        #expect(text.contains("POST /storesim/verify 1000000000000003 拒绝：the receipt is not ours"), "\(text)")
    }

    @Test func fromOneHundredTwentyColumnsTheLaneStandsBesideTheTimelineAboveTheNotifications() throws {
        let backend = try FakeBackend()
        let (world, folder, events) = try Self.world(backend, notifications: true)
        _ = folder
        let wide = try screen(world, events, columns: 120, rows: 60)
        let lanes = wide.rows.map { Self.trailingSpacesCut(String($0.dropFirst(66))) }
        let outside = try #require(lanes.firstIndex { $0.hasPrefix("App → outside server") }, "\(wide.rows.joined(separator: "\n"))")
        let notifications = try #require(lanes.firstIndex { $0.hasPrefix("Store → Server notifications") })
        #expect(outside < notifications, "the outside server's lane above the notifications'")
        // At 54 columns a long result wraps under its column rather than being cut.
        let text = lanes.joined(separator: "\n")
        #expect(text.contains("POST /storesim/verify 1000000000000001 credited"), "\(text)")
        #expect(text.contains("POST /storesim/verify 1000000000000003 rejected: the"), "\(text)")
        #expect(text.contains("""
            POST /storesim/verify 1000000000000003 rejected: the
                                                     receipt is
                                                     not ours
            """), "\(text)")
    }

    @Test func beforeAnyRequestTheLaneSaysWhatWillComeThere() {
        var view = WorldViewFixture.view()
        view.settings.serverURL = "http://127.0.0.1:8080"
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("l"))), model: view)
        let rows = Screen.render(state, view).textRows.map(Self.trailingSpacesCut)
        #expect(rows.contains("App → outside server http://127.0.0.1:8080 (0)"), "\(rows.joined(separator: "\n"))")
        #expect(rows.contains("No request yet: the app sends each purchase here to be verified."))
    }

    @Test func aWorldWithoutAnOutsideServerHasNoSuchLane() throws {
        let backend = try FakeBackend()
        let (world, folder, events) = try Self.world(backend)
        _ = folder
        try world.performInTurn(.serverURL(nil))
        let builtIn = try screen(world, events, columns: 200, rows: 60)
        #expect(!builtIn.rows.contains { $0.contains("App → outside server") })
        let narrow = try screen(world, events, columns: 80, rows: 24, keys: [.character("l")])
        #expect(narrow.status == "No notifications: the Store posts them once a script turns on server notifications.")
    }
}
