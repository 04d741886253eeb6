import Foundation
import IAPCore
import Signing
import Storage
@testable import StoreEngine
import Testing
import TestSupport

/// The Store's side of Apple's test of the notifications URL. Request a Test Notification: "Use
/// this endpoint to test if your server is receiving App Store Server Notifications at the URLs
/// that you configured in App Store Connect." Get Test Notification Status: "Check the status of
/// the test App Store server notification sent to your server."
@Suite("The Store's TEST notification")
final class TestNotificationStoreTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private var path: String { folder.path + "/store.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func notifyingStore() throws -> Store {
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
        try store.setNotifications(true, from: link.now)
        return store
    }

    /// The token the Store answered a Request a Test Notification with.
    private func requestTest(_ store: Store) throws -> String {
        try store.receive(.requestTestNotification, link: link)
        guard case .testNotificationToken(let token?) = link.take().first else {
            Issue.record("no testNotificationToken")
            return ""
        }
        return token
    }

    /// The notifications the Store posts now.
    private func posted(_ store: Store) throws -> [ServerNotification] {
        try store.postDueNotifications(link: link)
        return link.take().compactMap { if case .notification(let notification) = $0 { notification } else { nil } }
    }

    private func status(_ store: Store, _ token: String) throws -> TestNotificationStatus? {
        try store.receive(.getTestNotificationStatus(testNotificationToken: token), link: link)
        guard case .testNotificationStatus(let status) = link.take().first else { return nil }
        return status
    }

    @Test func theTestNotificationIsSignedInApplesShapeAboutNoTransaction() throws {
        let store = try notifyingStore()
        let token = try requestTest(store)
        let notification = try #require(try posted(store).first)
        #expect(notification.uuid == token, "StoreSim's testNotificationToken is the TEST notification's uuid")
        #expect(notification.type == .test && notification.subtype == nil && notification.attempt == 1)
        #expect(notification.transactionId == nil && notification.productId == nil)

        let root = try #require(store.rootCertificate)
        let bytes = try JWSVerifier(root: root).verify(notification.signedPayload, at: .signedDate)
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(fields["notificationType"] as? String == "TEST" && fields["subtype"] == nil)
        #expect(fields["notificationUUID"] as? String == token && fields["version"] as? String == "2.0")
        let data = try #require(fields["data"] as? [String: Any])
        #expect(Set(data.keys) == ["appAppleId", "bundleId", "bundleVersion", "environment"], "no signedTransactionInfo")
        #expect(data["environment"] as? String == "Production" && data["bundleId"] as? String == AppIdentity.standard.bundleId)
    }

    @Test func inTheSandboxTheDataHasNoAppAppleId() throws {
        let store = try notifyingStore()
        try store.setSwitches { $0.environment = .sandbox }
        _ = try requestTest(store)
        let notification = try #require(try posted(store).first)
        let payload = try JSONDecoder().decode(NotificationPayload.self, from: Data(try JWSVerifier(root: #require(store.rootCertificate))
            .verify(notification.signedPayload, at: .signedDate)))
        #expect(payload.data.appAppleId == nil && payload.data.environment == "Sandbox" && payload.data.signedTransactionInfo == nil)
    }

    @Test func theStatusListsEachAttemptAndTheOneAcknowledged() throws {
        let store = try notifyingStore()
        let token = try requestTest(store)
        let first = try #require(try posted(store).first)
        #expect(try status(store, token)?.sendAttempts == [.init(attemptDate: SimulatedTime.millis(link.now), sendAttemptResult: .noResponse)])

        link.now = link.now.addingTimeInterval(3600)
        let retry = try #require(try posted(store).first)
        #expect(retry.attempt == 2)
        try store.receive(.notificationAcknowledged(retry), link: link)
        let answered = try #require(try status(store, token))
        #expect(answered.signedPayload == first.signedPayload)
        #expect(answered.sendAttempts?.map(\.sendAttemptResult) == [.noResponse, .success])
        #expect(answered.sendAttempts?.map(\.attemptDate) == [1_767_225_600_000, 1_767_229_200_000])
    }

    @Test func aTokenOfNoTestIsNotFound() throws {
        let store = try notifyingStore()
        let status = try #require(try status(store, "5d9a"))
        #expect(status.signedPayload == nil && status.sendAttempts == nil)
        #expect(Message.testNotificationStatus(status).summary == "test notification status: no such test (TestNotificationNotFoundError)")
    }

    @Test func withNotificationsOffThereIsNoURLAndNothingIsKept() throws {
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
        try store.receive(.requestTestNotification, link: link)
        #expect(link.take() == [.testNotificationToken(nil)])
        #expect(try store.postedNotifications().isEmpty)
        #expect(Message.testNotificationToken(nil).summary
            == "no notifications URL: notifications are off (ServerNotificationURLNotFoundError)")
    }

    /// A world kept by version 10 keeps its notifications, read the same; a TEST notification,
    /// about no transaction, is kept beside them.
    @Test func aVersionTenFilesNotificationsAreKeptAndATestOneJoinsThem() throws {
        let version10 = try SQLiteDatabase(path: path)
        for step in StoreDatabase.schema.steps.prefix(10) {
            try version10.execute(step)
        }
        try version10.execute("""
            INSERT INTO settings VALUES('notifications', 'on');
            INSERT INTO notifications(uuid, type, subtype, transaction_id, product_id, signed_payload, first_attempt_millis,
                                      attempts, delivered, next_attempt_millis)
            VALUES('5d9a', 'ONE_TIME_CHARGE', NULL, 1000000000000001, 'com.storesim.coins.100', 'a.b.c', 1767225600000, 1, 0,
                   1767229200000);
            PRAGMA user_version = 10;
            """)
        let before = try Store.readNotifications(path: path)
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
        #expect(try SQLiteDatabase(path: path, readOnly: true).query("PRAGMA user_version").first?.integer("user_version") == 13)
        #expect(try Store.readNotifications(path: path) == before)
        #expect(before.map(\.notification.transactionId) == [1_000_000_000_000_001])
        _ = try requestTest(store)
        #expect(try store.postedNotifications().map(\.notification.type) == [.oneTimeCharge, .test])
        #expect(try Store.readNotifications(path: path).last?.notification.transactionId == nil)
    }
}
