import Foundation
import IAPCore
import Storage
@testable import StoreEngine
import Testing
import TestSupport

/// Get Notification History, Request a Test Notification and Get Test Notification Status over
/// HTTP, with every attempt to post a notification kept (`notification_attempts`, store.sqlite
/// version 13).
@Suite("App Store Server API: notifications")
final class ServerAPINotificationTests {
    private let world: ServerAPIFixture

    init() throws {
        world = try ServerAPIFixture(notifications: true)
    }

    private var nowMillis: Int64 { SimulatedTime.millis(world.link.now) }

    /// The notifications the Store posts now.
    private func posted() throws -> [ServerNotification] {
        try world.store.postDueNotifications(link: world.link)
        return world.link.take().compactMap { if case .notification(let notification) = $0 { notification } else { nil } }
    }

    private func history(_ body: String, token: String? = nil) throws -> ServerAPIResponse {
        try world.call("POST", "/inApps/v1/notifications/history", query: token.map { [("paginationToken", $0)] } ?? [], body: body)
    }

    private var wholeHistory: String { #"{"startDate":\#(nowMillis - 1000),"endDate":\#(nowMillis + 86_400_000 * 10)}"# }

    @Test func aTestNotificationIsPostedThroughTheLinkAndItsStatusTellsEachAttempt() throws {
        let response = try world.call("POST", "/inApps/v1/notifications/test")
        let token = try #require(try ServerAPIFixture.object(response)["testNotificationToken"] as? String)
        let sent = world.link.take().compactMap { if case .notification(let notification) = $0 { notification } else { nil } }
        #expect(sent.map(\.uuid) == [token] && sent.first?.type == .test, "posted as the in-process request's is, once the answer is made")

        let status = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/notifications/test/\(token)"))
        #expect(try world.payload(try #require(status["signedPayload"] as? String))["notificationType"] as? String == "TEST")
        #expect(ServerAPIFixture.attempts(status["sendAttempts"]) == ["\(nowMillis) NO_RESPONSE"])

        world.link.now = world.link.now.addingTimeInterval(3600)
        let retry = try #require(try posted().first)
        try world.store.receive(.notificationAcknowledged(retry), link: world.link)
        let answered = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/notifications/test/\(token)"))
        #expect((answered["sendAttempts"] as? [[String: Any]])?.map { $0["sendAttemptResult"] as? String } == ["NO_RESPONSE", "SUCCESS"])
    }

    @Test func testNotificationErrorsAreApples() throws {
        #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v1/notifications/test/0C6A4F41-8E2C-4B4C-9E4B-2D9A4B9F3A11"))
            == (404, 4_040_008))
        #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v1/notifications/test/not-a-token")) == (400, 4_000_020))
        try world.store.setNotifications(false, from: world.link.now)
        #expect(try ServerAPIFixture.error(try world.call("POST", "/inApps/v1/notifications/test")) == (404, 4_040_007))
    }

    @Test func theHistoryHandsOutEachNotificationWithItsAttempts() throws {
        let bought = try world.buy("com.storesim.pro")
        let first = try #require(try posted().first)
        let object = try ServerAPIFixture.object(try history(wholeHistory))
        let items = try #require(object["notificationHistory"] as? [[String: Any]])
        #expect(items.count == 1 && object["hasMore"] as? Bool == false && object["paginationToken"] is String)
        #expect(items.first?["signedPayload"] as? String == first.signedPayload)
        #expect(ServerAPIFixture.attempts(items.first?["sendAttempts"]) == ["\(nowMillis) NO_RESPONSE"])

        try world.store.receive(.notificationAcknowledged(first), link: world.link)
        let failures = try ServerAPIFixture.object(try history(#"{"startDate":\#(nowMillis - 1000),"endDate":\#(nowMillis + 1000),"onlyFailures":true}"#))
        #expect((failures["notificationHistory"] as? [Any])?.isEmpty == true, "acknowledged: no longer a failure")
        let byCustomer = try ServerAPIFixture.object(try history(#"{"startDate":\#(nowMillis - 1000),"endDate":\#(nowMillis + 1000),"transactionId":"\#(bought.id)"}"#))
        #expect((byCustomer["notificationHistory"] as? [Any])?.count == 1)
        let byType = try ServerAPIFixture.object(try history(#"{"startDate":\#(nowMillis - 1000),"endDate":\#(nowMillis + 1000),"notificationType":"REFUND"}"#))
        #expect((byType["notificationHistory"] as? [Any])?.isEmpty == true)
    }

    @Test func theHistoryComesTwentyAPage() throws {
        for _ in 0..<23 { _ = try world.call("POST", "/inApps/v1/notifications/test") }
        let first = try ServerAPIFixture.object(try history(wholeHistory))
        #expect((first["notificationHistory"] as? [Any])?.count == 20 && first["hasMore"] as? Bool == true)
        let second = try ServerAPIFixture.object(try history(wholeHistory, token: try #require(first["paginationToken"] as? String)))
        #expect((second["notificationHistory"] as? [Any])?.count == 3 && second["hasMore"] as? Bool == false)
        #expect(try ServerAPIFixture.error(try history(wholeHistory, token: "x")) == (400, 4_000_014))
    }

    @Test func aHistoryRequestIsCheckedAsAppleChecksIt() throws {
        let now = nowMillis
        let cases: [(String, Int)] = [
            (#"{"endDate":\#(now)}"#, 4_000_015), (#"{"startDate":\#(now)}"#, 4_000_016),
            (#"{"startDate":"\#(now)","endDate":\#(now + 1)}"#, 4_000_015),
            (#"{"startDate":\#(now - 181 * 86_400_000),"endDate":\#(now)}"#, 4_000_012),
            (#"{"startDate":\#(now),"endDate":\#(now - 1)}"#, 4_000_013),
            (#"{"startDate":\#(now),"endDate":\#(now + 1),"notificationType":"TEST","transactionId":"1"}"#, 4_000_019),
            (#"{"startDate":\#(now),"endDate":\#(now + 1),"notificationType":"NOT_A_TYPE"}"#, 4_000_018),
            (#"{"startDate":\#(now),"endDate":\#(now + 1),"notificationSubtype":"UPGRADE"}"#, 4_000_018),
            (#"{"startDate":\#(now),"endDate":\#(now + 1),"transactionId":"../1"}"#, 4_000_006),
            (#"{"startDate":\#(now),"endDate":\#(now + 1),"onlyFailures":"yes"}"#, 4_000_000),
            ("{", 4_000_000), ("", 4_000_000), (String(repeating: "[", count: 10_000), 4_000_000),
        ]
        for (body, code) in cases {
            #expect(try ServerAPIFixture.error(try history(body)) == (400, code), "\(body.prefix(80))")
        }
    }

    /// A file of version 12 kept only a count of attempts: version 13 writes them as the test
    /// status read them then, each at the moment it fell due, the last one SUCCESS when delivered.
    @Test func aVersionTwelveFilesAttemptsAreWrittenAsTheyFellDue() throws {
        let path = world.folder.path + "/old.sqlite"
        let version12 = try SQLiteDatabase(path: path)
        for step in StoreDatabase.schema.steps.prefix(12) { try version12.execute(step) }
        try version12.execute("""
            INSERT INTO settings VALUES('notifications', 'on');
            INSERT INTO notifications(uuid, type, subtype, transaction_id, product_id, signed_payload, first_attempt_millis,
                                      attempts, delivered, next_attempt_millis)
            VALUES('0C6A4F41-8E2C-4B4C-9E4B-2D9A4B9F3A11', 'TEST', NULL, NULL, NULL, 'a.b.c', 1767225600000, 3, 1, NULL),
                  ('5d9a', 'ONE_TIME_CHARGE', NULL, 1, 'com.storesim.coins.100', 'd.e.f', 1767225600000, 1, 0, 1767229200000);
            PRAGMA user_version = 12;
            """)
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
        let link = RecordingLink()
        let status = try ServerAPIFixture.object(try store.answer(ServerAPIRequest(
            method: "GET", path: "/inApps/v1/notifications/test/0C6A4F41-8E2C-4B4C-9E4B-2D9A4B9F3A11"), link: link))
        #expect(ServerAPIFixture.attempts(status["sendAttempts"])
            == ["1767225600000 NO_RESPONSE", "1767229200000 NO_RESPONSE", "1767268800000 SUCCESS"])
        #expect(try Store.readNotifications(path: path).map(\.attempts) == [3, 1], "the notifications themselves are as they were")
    }
}
