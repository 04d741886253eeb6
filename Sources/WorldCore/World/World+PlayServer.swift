import Foundation
import IAPCore
import PlayEngine

/// A Google Play world's server side: Real-time developer notifications through Pub/Sub, the
/// Server's share of acknowledging (server-acknowledges), the Voided Purchases API, a developer's
/// refund, and the app's users as the Server knows them.
extension World {
    /// `server notifications on|off` in a Play world: Play publishes Real-time developer notifications.
    func rtdn(_ on: Bool) throws(WorldError) {
        try onPlay { (play) throws(PlayError) in try play.setRTDN(on) }
        try record(.command, from: .user, to: .play, what: .play(.rtdn(on: on)), transactionId: nil)
    }

    /// `store pubsub MODE`: how Pub/Sub delivers.
    func pubSub(_ mode: PubSubMode) throws(WorldError) {
        try onPlay { (play) throws(PlayError) in try play.setPubSubMode(mode) }
        try record(.command, from: .user, to: .play, what: .play(.pubSub(mode)), transactionId: nil)
    }

    /// Pub/Sub pushes every message due now: a first push, or one more.
    func pushDueNotifications() throws(WorldError) {
        try onPlay { (play) throws(PlayError) in try play.pushDue(link: link) }
    }

    /// Tells the Server whether it acknowledges what a notification makes it credit: under
    /// server-acknowledges, where the app never does. Kept in `server.sqlite`, changed only when
    /// it differs.
    func tellTheServerWhoAcknowledges() throws(WorldError) {
        guard play != nil, server.configuration.acknowledgesPlayPurchases != settings.strategy.serverFinishes else { return }
        do {
            try server.configure { $0.acknowledgesPlayPurchases = settings.strategy.serverFinishes }
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
    }

    /// The app's user signs in to the Server, which so knows whom a purchase's
    /// `obfuscatedExternalAccountId` names.
    func signInToTheServer() throws(WorldError) {
        guard play != nil else { return }
        do {
            try server.knowPlayUser(store.account)
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.problem)
        }
    }

    /// `server voided`: the Server asks the Voided Purchases API, and takes back what it lists.
    func askVoidedPurchases() throws(WorldError) {
        try record(.command, from: .user, to: .server, what: .play(.serverAsksVoided), transactionId: nil)
        server.askVoidedPurchases(link: link)
        try settle()
    }

    /// `refund` in a Play world: the developer refunds and revokes the purchase of an order, or
    /// the account's latest paid, unrefunded purchase of a product (voidedSource 1 Developer).
    func voidPurchase(_ target: ScenarioCommand.RefundTarget, reason: VoidedReason) throws(WorldActionError) {
        let named = try onPlayRefusing { (play) throws(PlayError) in try self.order(of: target, in: play) }
        guard let named, let voided = try onPlayRefusing({ (play) throws(PlayError) in
            try play.refund(orderNumber: named, source: .developer, reason: reason, now: now)
        }) else { return }
        let id = voided.voidedOrderId?.transactionId ?? named.transactionId
        try toldPlay(.refund(id, productId: voided.productId, reason: reason), id)
    }

    /// The order a refund names: the order itself, or the account's latest paid, unrefunded
    /// purchase of the product, a subscription's latest order (refused when there is none).
    private func order(of target: ScenarioCommand.RefundTarget, in play: PlayStore) throws(PlayError) -> PlayOrderID {
        switch target {
        case .transaction(let id):
            guard let order = PlayOrderID(transactionId: id) else { throw .refused(.orderNotFound(nil)) }
            return order
        case .product(let productId):
            guard let latest = try play.records().last(where: { $0.productId == productId && $0.account == store.account
                                                                 && $0.state == .purchased && !$0.isVoided }) else {
                throw .refused(.nothingToRefund(productId: productId))
            }
            return latest.latestOrderId
        }
    }
}
