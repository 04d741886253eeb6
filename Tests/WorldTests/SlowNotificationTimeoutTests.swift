import HTTPServing
import IAPCore
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// A team's backend that holds its answer past the Store's timeout costs one timeout, recorded
/// `TIMED_OUT`, and the world goes on. It waits the whole timeout (5 s): slow.
@Suite(.tags(.slow)) struct SlowNotificationTimeoutTests {
    @Test func aBackendThatHoldsItsAnswerPastTheTimeoutIsTimedOut() throws {
        let receiver = try NotificationReceiver { _ in HTTPResponse(status: 200, delaySeconds: 7) }
        let fixture = try WorldFixture()
        try fixture.run(.serverNotificationsURL(receiver.url), .serverNotifications(on: true),
                        .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let posted = try #require(try fixture.world.store.postedNotifications().first)
        #expect(!posted.delivered && posted.nextAttemptMillis != nil)
        #expect(try NotificationsURLTests.history(fixture.world).first?.attempts.map(\.result) == ["TIMED_OUT"])
        #expect(fixture.events.contains { $0.kind == .dropped && $0.text.hasSuffix("POSTed to \(receiver.url): timed out (TIMED_OUT)") })
    }
}
