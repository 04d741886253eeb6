import Foundation
import HTTPServing
import IAPCore
@testable import ScenarioLanguage
@testable import StoreEngine
import Testing
import TestSupport
@testable import WorldCore

/// Notifications POSTed to a team's URL over real HTTP: HTTP 200 acknowledges, anything else is
/// an attempt recorded with Apple's `sendAttemptResult` and retried on Apple's schedule, each
/// retry another POST; the built-in Server hears none of them.
@Suite struct NotificationsURLTests {
    static let hour: Int64 = 3_600_000

    @Test func aFailedPostIsRetriedOnScheduleAndTheRetryAcknowledged() throws {
        let receiver = try NotificationReceiver { $0 == 1 ? .text(500, "not now") : .text(200, "") }
        let fixture = try WorldFixture()
        try fixture.run(.serverNotificationsURL(receiver.url), .serverNotifications(on: true),
                        .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let posted = try #require(try fixture.world.store.postedNotifications().first)
        #expect(!posted.delivered && posted.attempts == 1)
        try fixture.run(.advance(seconds: 3600))
        let acknowledged = try #require(try fixture.world.store.postedNotifications().first)
        #expect(acknowledged.delivered && acknowledged.attempts == 2 && acknowledged.nextAttemptMillis == nil)

        let bodies = receiver.bodies
        #expect(bodies.count == 2)
        for body in bodies {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: String])
            #expect(object == ["signedPayload": posted.notification.signedPayload])
        }
        let attempts = try Self.history(fixture.world).first?.attempts ?? []
        #expect(attempts.map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
        #expect(attempts.count == 2 && attempts[1].date - attempts[0].date == Self.hour)

        let said = fixture.events.compactMap { event -> (Event.Kind, Int?)? in
            guard case .message(.notificationPosted(_, _, _, let url, _, let status)) = event.what, url == receiver.url else { return nil }
            return (event.kind, status)
        }
        #expect(said.map(\.0) == [.dropped, .delivered] && said.map(\.1) == [500, 200])
        #expect(!fixture.events.contains { if case .message(.notificationAcknowledged) = $0.what { true } else { false } },
                "the built-in Server heard a notification meant for the team's URL")
        #expect(fixture.events.contains { $0.text.hasSuffix("POSTed to \(receiver.url): HTTP 500 (UNSUCCESSFUL_HTTP_RESPONSE_CODE)") })
    }

    @Test func nothingListeningIsASocketIssueUntilTheLastRetryThenTheHistoryHasIt() throws {
        let receiver = try NotificationReceiver { _ in .text(200, "") }
        receiver.stop()
        let fixture = try WorldFixture()
        try fixture.run(.serverNotificationsURL(receiver.url), .serverNotifications(on: true),
                        .buy(productId: "com.storesim.coins.100", answer: .confirm), .advance(seconds: 4 * 86_400))
        let posted = try #require(try fixture.world.store.postedNotifications().first)
        #expect(!posted.delivered && posted.attempts == 1 + NotificationRetry.hours.count && posted.nextAttemptMillis == nil)
        #expect(receiver.bodies.isEmpty)

        let listed = try #require(try Self.history(fixture.world).first)
        #expect(listed.attempts.map(\.result) == Array(repeating: "SOCKET_ISSUE", count: 1 + NotificationRetry.hours.count))
        let first = try #require(listed.attempts.first?.date)
        #expect(listed.attempts.map { ($0.date - first) / Self.hour } == [0] + NotificationRetry.hours)
        #expect(try fixture.audit().notificationsPending == 1)
    }

    @Test func offPutsTheBuiltInServerBack() throws {
        let receiver = try NotificationReceiver { _ in .text(200, "") }
        let fixture = try WorldFixture()
        try fixture.run(.serverNotificationsURL(receiver.url), .serverNotifications(on: true), .serverNotificationsURL(nil),
                        .buy(productId: "com.storesim.coins.100", answer: .confirm))
        #expect(receiver.bodies.isEmpty)
        #expect(fixture.world.store.notificationsURL == nil)
        #expect(try fixture.world.store.postedNotifications().first?.delivered == true)
        #expect(fixture.events.contains { if case .message(.notificationAcknowledged) = $0.what { true } else { false } })
    }

    @Test func theURLIsTheStoresAndOutlivesARelaunch() throws {
        let fixture = try WorldFixture()
        try fixture.run(.serverNotificationsURL("https://backend.example/notifications"))
        let reopened = try Store(path: fixture.world.directory.storeDatabase, catalog: fixture.world.catalog, seed: nil)
        #expect(reopened.notificationsURL == "https://backend.example/notifications")
        #expect(try Store.readNotificationsURL(path: fixture.world.directory.storeDatabase) == "https://backend.example/notifications")
        #expect(fixture.events.last?.text == "server notifications url https://backend.example/notifications")
    }

    /// Each notification Get Notification History lists, with its attempts' results and dates.
    static func history(_ world: World) throws -> [(uuid: String, attempts: [(result: String, date: Int64)])] {
        let body = #"{"startDate":\#(SimulatedTime.millis(world.now) - 30 * 86_400_000),"endDate":\#(SimulatedTime.millis(world.now) + 1)}"#
        let response = try world.answerServerAPI(ServerAPIRequest(method: "POST", path: "/inApps/v1/notifications/history", body: Array(body.utf8)))
        #expect(response.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let items = try #require(object["notificationHistory"] as? [[String: Any]])
        return items.map { item in
            let attempts = (item["sendAttempts"] as? [[String: Any]] ?? []).map { attempt in
                (result: attempt["sendAttemptResult"] as? String ?? "", date: (attempt["attemptDate"] as? NSNumber)?.int64Value ?? 0)
            }
            return (uuid: item["signedPayload"] as? String ?? "", attempts: attempts)
        }
    }
}
