import Foundation
import IAPCore
import Storage

/// Real-time developer notifications, and Pub/Sub as StoreSim models it. Play publishes one
/// message when a purchase becomes PURCHASED, when a pending payment is canceled, and when a
/// purchase is voided (a refund, or the three-day rule), while notifications are on. Pub/Sub
/// pushes each to the Server until the Server answers HTTP 200, "at-least-once … and best-effort
/// ordering": a message not acknowledged is pushed again 10 seconds, a minute, then every ten
/// minutes later, for seven days, after which Pub/Sub gives it up (StoreSim's schedule; Pub/Sub
/// documents backoff, not these figures). `store pubsub` makes the at-least-once and the
/// best-effort visible (`PubSubMode`).
extension PlayStore {
    static let rtdnSetting = "rtdn"
    static let pubSubSetting = "pubsub"

    /// How long Pub/Sub goes on pushing an unacknowledged message: seven days.
    public static let retentionMillis: Int64 = 7 * 86_400_000

    /// How long `reorder` holds a message before its first push: a minute.
    public static let reorderHoldMillis: Int64 = 60_000

    /// Whether Play publishes Real-time developer notifications (off until turned on).
    public func rtdnOn() throws(PlayError) -> Bool {
        try read { () throws(StorageError) in try database.setting(Self.rtdnSetting) == "on" }
    }

    /// Turns Real-time developer notifications on or off; what happened while off is never published.
    public func setRTDN(_ on: Bool) throws(PlayError) {
        try change { () throws(StorageError) -> Result<Void, PlayRefusal> in
            .success(try database.setSetting(Self.rtdnSetting, on ? "on" : "off"))
        }
    }

    /// How Pub/Sub delivers.
    public func pubSubMode() throws(PlayError) -> PubSubMode {
        try read { () throws(StorageError) in try storedPubSubMode() }
    }

    public func setPubSubMode(_ mode: PubSubMode) throws(PlayError) {
        try change { () throws(StorageError) -> Result<Void, PlayRefusal> in
            .success(try database.setSetting(Self.pubSubSetting, mode.rawValue))
        }
    }

    /// Every notification Play published, in the order published.
    public func publishedNotifications() throws(PlayError) -> [PublishedNotification] {
        try read { () throws(StorageError) in try database.notifications() }
    }

    /// The next moment a push is due, nil when none is.
    public func nextPushDue() throws(PlayError) -> Int64? {
        try read { () throws(StorageError) in try database.nextPushDue() }
    }

    /// Pushes every message due by now, in the order Pub/Sub delivers them (newest first under
    /// `reorder`), each as one more attempt, and schedules its next push should this one go
    /// unacknowledged.
    public func pushDue(link: Link) throws(PlayError) {
        let now = SimulatedTime.millis(link.now)
        // Called after every message delivered: a read of the index, and no write transaction,
        // while nothing is due.
        guard let due = try nextPushDue(), due <= now else { return }
        let pushes = try change { () throws(StorageError) -> Result<[PubSubPush], PlayRefusal> in
            let newestFirst = try storedPubSubMode() == .reorder
            var pushes: [PubSubPush] = []
            for (message, record) in try database.duePushes(by: now, newestFirst: newestFirst) {
                let attempt = message.attempts + 1
                let next = Self.nextAttempt(after: attempt, at: now, published: message.eventMillis)
                try database.pushed(message.messageId, attempts: attempt, next: next)
                pushes.append(PubSubPush(messageId: message.messageId, attempt: attempt,
                                         notification: notification(message.kind, of: record, at: message.eventMillis),
                                         order: message.order))
            }
            return .success(pushes)
        }
        for push in pushes { link.send(.play(.rtdn(push))) }
    }

    /// The Server (or a team's push endpoint) acknowledged the push: the message is not pushed again, except once more under `duplicate`.
    public func acknowledgedPush(_ messageId: Int64, at now: Date) throws(PlayError) {
        let millis = SimulatedTime.millis(now)
        try change { () throws(StorageError) -> Result<Void, PlayRefusal> in
            let duplicate = try storedPubSubMode() == .duplicate
            return .success(try database.acknowledgedPush(messageId, at: millis, duplicateAt: duplicate ? millis : nil))
        }
    }

    /// Publishes what happened to `record` at `millis`, when notifications are on; inside the
    /// transaction that changed it, so a purchase and its notification are written together.
    func publish(_ kind: PublishedNotification.Kind, of record: PlayPurchaseRecord, at millis: Int64) throws(StorageError) {
        guard try database.setting(Self.rtdnSetting) == "on" else { return }
        let reorder = try storedPubSubMode() == .reorder
        let order = kind == .voided ? record.voidedOrderId ?? record.orderId : record.isSubscription ? record.latestOrderId : record.orderId
        try database.publish(kind, order: order, at: millis, firstPush: reorder ? millis + Self.reorderHoldMillis : millis,
                             holdingOthers: reorder)
    }

    /// Publishes that a purchase became PURCHASED (ONE_TIME_PRODUCT_PURCHASED, or
    /// SUBSCRIPTION_PURCHASED: "A new subscription was purchased.") or that its pending
    /// payment was canceled (ONE_TIME_PRODUCT_CANCELED) at `millis`; nothing for one still PENDING.
    func publishResolution(of record: PlayPurchaseRecord, at millis: Int64) throws(StorageError) {
        switch record.state {
        case .purchased: try publish(.purchased, of: record, at: millis)
        case .canceled: try publish(.canceled, of: record, at: millis)
        case .pending: break
        }
    }

    private func storedPubSubMode() throws(StorageError) -> PubSubMode {
        try database.setting(Self.pubSubSetting, as: PubSubMode.init(rawValue:)) ?? .normal
    }

    /// The notification a message carries.
    private func notification(_ kind: PublishedNotification.Kind, of record: PlayPurchaseRecord, at millis: Int64) -> DeveloperNotification {
        if record.isSubscription, let type = kind.subscriptionType {
            return DeveloperNotification(eventTimeMillis: millis, body: .subscription(type, purchaseToken: record.token))
        }
        switch kind {
        case .canceled:
            return DeveloperNotification(eventTimeMillis: millis, body: .oneTimeProduct(.canceled, purchaseToken: record.token, sku: record.productId))
        case .voided:
            return DeveloperNotification(eventTimeMillis: millis, body: .voidedPurchase(purchaseToken: record.token,
                                                                                        orderId: record.voidedOrderId ?? record.orderId))
        case .purchased, .renewed, .subscriptionCanceled, .restarted, .expired, .revoked, .inGracePeriod, .onHold, .recovered:
            return DeveloperNotification(eventTimeMillis: millis, body: .oneTimeProduct(.purchased, purchaseToken: record.token, sku: record.productId))
        }
    }

    /// When a message pushed for the `attempt`th time at `now` is pushed again if unacknowledged:
    /// 10 s, 1 min, then every 10 min; nil once seven days have passed since it was published.
    static func nextAttempt(after attempt: Int, at now: Int64, published: Int64) -> Int64? {
        let delay: Int64 = switch attempt {
        case 1: 10_000
        case 2: 60_000
        default: 600_000
        }
        let next = now + delay
        return next - published < retentionMillis ? next : nil
    }
}
