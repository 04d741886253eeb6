import Foundation
import HTTPServing
import IAPCore
import Testing
import TestSupport

/// A Google Play world with a team's backend in the loop: Pub/Sub pushes its Real-time developer
/// notifications to `server notifications url`, and the app verifies with `server url`.
@Suite struct PlayOutsideTests {
    let served: ServedPlayWorld

    init() throws {
        served = try ServedPlayWorld()
    }

    /// A push's body read as JSON, and its notification decoded from `message.data`.
    static func read(_ body: [UInt8]) throws -> (push: [String: Any], notification: [String: Any]) {
        let push = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let message = try #require(push["message"] as? [String: Any])
        let text = try #require(message["data"] as? String)
        let data = try #require(Data(base64Encoded: text))
        return (push, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    @Test func aPushAnswered500IsPushedAgainAndA2xxAcknowledgesIt() throws {
        let receiver = try NotificationReceiver { $0 == 1 ? .text(500, "down") : HTTPResponse(status: 204) }
        let ran = try served.script("server notifications on\nserver notifications url \(receiver.url)\nbuy com.storesim.coins.100\nadvance 1h\n")
        #expect(ran.exit == 0, "\(ran)")
        let record = try served.purchase(of: "com.storesim.coins.100")
        #expect(receiver.bodies.count == 2, "pushed again after the 500, never after the 204")
        let pushes = try receiver.bodies.map(Self.read)
        let messages = pushes.compactMap { $0.push["message"] as? [String: Any] }
        #expect(messages.map { $0["messageId"] as? String } == ["1", "1"])
        #expect(Set(messages.compactMap { $0["publishTime"] as? String }).count == 1)
        #expect(pushes.allSatisfy { $0.push["subscription"] as? String == "projects/storesim/subscriptions/play-rtdn" })
        let notification = try #require(pushes.first?.notification)
        #expect(notification["version"] as? String == "1.0" && notification["packageName"] as? String == "com.storesim.app")
        #expect(notification["eventTimeMillis"] as? String == String(record.createdMillis), "\(notification)")
        let oneTime = try #require(notification["oneTimeProductNotification"] as? [String: Any])
        #expect(oneTime["notificationType"] as? Int == 1 && oneTime["version"] as? String == "1.0")
        #expect(oneTime["purchaseToken"] as? String == record.token && oneTime["sku"] as? String == "com.storesim.coins.100")
        let credited = Set(pushes.enumerated().filter { $0.offset > 0 }.compactMap { ($0.element.notification["oneTimeProductNotification"] as? [String: Any])?["purchaseToken"] as? String })
        #expect(credited == [record.token], "the listener credits the token it acknowledged, once")
        let line = "RTDN ONE_TIME_PRODUCT_PURCHASED \(record.orderId) (Pub/Sub message 1"
        #expect(served.transcript.contains { $0.contains("\(line)) POSTed to \(receiver.url): HTTP 500") }, "\(served.transcript)")
        #expect(served.transcript.contains { $0.contains("\(line), delivery 2) POSTed to \(receiver.url): HTTP 204") }, "\(served.transcript)")
    }

    @Test func nothingListeningLeavesThePushPending() throws {
        let receiver = try NotificationReceiver { _ in .text(200, "") }
        let url = receiver.url
        receiver.stop()
        let ran = try served.script("server notifications on\nserver notifications url \(url)\nbuy com.storesim.pro\n")
        #expect(ran.exit == 0, "\(ran)")
        #expect(served.transcript.contains { $0.contains("POSTed to \(url): no connection") }, "\(served.transcript)")
    }

    @Test func theAppVerifiesWithTheOutsideServerByPurchaseToken() throws {
        let backend = try FakeBackend()
        let ran = try served.script("server url \(backend.url)\nbuy com.storesim.coins.100\nexpect pending 0\n")
        #expect(ran.exit == 0, "\(ran)")
        let record = try served.purchase(of: "com.storesim.coins.100")
        let body = try #require(backend.bodies.first)
        let obfuscated = try #require(record.obfuscatedAccountId)
        let expected = ["store": "play", "purchaseToken": record.token, "productId": "com.storesim.coins.100",
                        "orderId": record.orderId.description, "packageName": "com.storesim.app", "obfuscatedAccountId": obfuscated]
        #expect(body == expected)
        #expect(record.isConsumed, "credited by the outside server, then consumed by the app")
    }
}
