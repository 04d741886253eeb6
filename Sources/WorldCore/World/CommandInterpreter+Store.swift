import Foundation
import IAPCore
import StoreEngine

/// The commands that act at the Store: its switches, and what the user, a parent and Apple do
/// there. A request (approve, resolve…) is told before the Store acts, since the Store answers
/// with messages; a change (refund, a switch…) is told once the Store has made it.
extension CommandInterpreter {
    func setStoreSwitch(_ storeSwitch: StoreSwitch, on: Bool) throws {
        try storeDid(.storeSwitch(storeSwitch.rawValue, value: on ? "on" : "off")) {
            try world.store.setSwitches { $0[storeSwitch] = on ? storeSwitch.onValue : .off }
        }
    }

    /// Turns a switch whose values are words of its own (`store environment sandbox`).
    func setStoreSwitch(_ storeSwitch: StoreSwitch, to value: StoreSwitch.Value) throws {
        try storeDid(.storeSwitch(storeSwitch.rawValue, value: value.word)) { try world.store.setSwitches { $0[storeSwitch] = value } }
    }

    func failPurchases(_ reason: PurchaseError) throws {
        try storeDid(.storeFails(reason)) { try world.store.setSwitches { $0[.fail] = .failing(reason) } }
    }

    func sell(_ productId: String, on: Bool) throws {
        try storeDid(.sells(productId: productId, on: on)) {
            try world.store.setSwitches { if on { $0.withdrawn.remove(productId) } else { $0.withdrawn.insert(productId) } }
        }
    }

    func delete(_ id: TransactionID) throws {
        try storeDid(.deleteTransaction(id), transactionId: id) { try world.store.delete(transactionId: id) }
    }

    /// The parent approves the Ask to Buy request; on Google Play, the pending payment completes.
    func approve(_ productId: String) throws {
        guard world.play == nil else { return try world.resolvePendingPurchase(productId, approved: true) }
        try tellStore(.parentApproves(productId: productId)) { try world.store.approve(productId: productId, link: world.link) }
    }

    /// The parent declines the Ask to Buy request; on Google Play, the pending payment is canceled.
    func decline(_ productId: String) throws {
        guard world.play == nil else { return try world.resolvePendingPurchase(productId, approved: false) }
        try tellStore(.parentDeclines(productId: productId)) { try world.store.decline(productId: productId, link: world.link) }
    }

    func resolve(_ productId: String) throws {
        try tellStore(.resolve(productId: productId)) { try world.store.resolve(productId: productId, link: world.link) }
    }

    func reverseRefund(_ target: ScenarioCommand.RefundTarget) throws {
        switch target {
        case .product(let productId):
            try storeDid(.reverseRefundLatest(productId: productId)) { _ = try world.store.reverseRefund(productId: productId, at: world.now) }
        case .transaction(let id):
            try storeDid(.reverseRefundTransaction(id), transactionId: id) { _ = try world.store.reverseRefund(transactionId: id, at: world.now) }
        }
    }

    func requestRefund(_ target: ScenarioCommand.RefundTarget) throws {
        switch target {
        case .product(let productId):
            try storeDid(.requestRefundLatest(productId: productId)) {
                _ = try world.store.requestRefund(productId: productId, transactionId: nil, at: world.now)
            }
        case .transaction(let id):
            try storeDid(.requestRefundTransaction(id), transactionId: id) {
                _ = try world.store.requestRefund(productId: nil, transactionId: id, at: world.now)
            }
        }
    }

    func declineRefund(_ target: ScenarioCommand.RefundTarget) throws {
        switch target {
        case .product(let productId):
            try storeDid(.declineRefundLatest(productId: productId)) {
                _ = try world.store.declineRefund(productId: productId, transactionId: nil, at: world.now)
            }
        case .transaction(let id):
            try storeDid(.declineRefundTransaction(id), transactionId: id) {
                _ = try world.store.declineRefund(productId: nil, transactionId: id, at: world.now)
            }
        }
    }

    func refund(_ target: ScenarioCommand.RefundTarget, reason: RevocationReason?) throws {
        var refunded: StoreRecord?
        switch target {
        case .product(let productId):
            try storeDid(.refundLatest(productId: productId, reason)) {
                refunded = try world.store.refund(productId: productId, reason: reason, at: world.now)
            }
        case .transaction(let id):
            try storeDid(.refundTransaction(id, reason), transactionId: id) {
                refunded = try world.store.refund(transactionId: id, reason: reason, at: world.now)
            }
        }
        if let refunded, let prorated = try world.store.proratedRefunds()[refunded.id],
           let rest = try world.store.refundedAmounts()[refunded.id] {
            let price = { (amount: Decimal) in world.catalog.storefront.format(amount, locale: "en") }
            world.link.note(.store(.refundedRest(refunded.id, rest: price(rest), prorated: price(prorated))), from: .store, to: nil,
                       transactionId: refunded.id)
        }
        // A running StoreKit 2 app hears of it through Transaction.updates.
        if let refunded, world.host.status.isRunning { try world.store.tellRevocation(refunded, link: world.link) }
        if let refunded { try tellRevoked(try world.store.shares(of: refunded.originalId).filter { $0.refundDate == refunded.refundDate }) }
    }

    /// An account joins the signed-in account's family; the shares made wait in each member's
    /// queue, and a running app of the signed-in account receives its own at once.
    func joinFamily(_ name: String) throws {
        var shares: [StoreRecord] = []
        try storeDid(.familyJoins(account: name, family: world.store.account)) { shares = try world.store.addToFamily(name, at: world.now) }
        for share in shares {
            try world.record(.note, from: .store, to: nil, what: .store(Store.shared(share)), transactionId: share.id)
        }
        if world.host.status.isRunning { try world.store.tellShares(shares, link: world.link) }
    }

    /// An account leaves its family: every share it received or gave is revoked (REVOKE).
    func leaveFamily(_ name: String) throws {
        var revoked: [StoreRecord] = []
        try storeDid(.familyLeaves(account: name)) { revoked = try world.store.leaveFamily(name, at: world.now) }
        try tellRevoked(revoked)
    }

    /// The timeline tells each share revoked; a running StoreKit 2 app of its account hears of it.
    private func tellRevoked(_ shares: [StoreRecord]) throws {
        for share in shares {
            try world.record(.note, from: .store, to: nil, what: .store(.familyRevoked(account: share.account, productId: share.productId, share.id)),
                             transactionId: share.id)
        }
        if world.host.status.isRunning { try world.store.tellShares(shares, link: world.link) }
    }

    func setAutoRenew(_ productId: String, on: Bool) throws {
        guard world.play == nil else { return try world.setPlayAutoRenew(productId, on: on) }
        var change: StoreStep?
        try storeDid(.autoRenew(productId: productId, on: on)) {
            change = try world.store.setAutoRenew(productId: productId, on: on, at: world.now)
        }
        if let change { try world.record(.note, from: .store, to: nil, what: .store(change), transactionId: nil) }
    }

    func renewNow(_ productId: String) throws {
        guard world.play == nil else { return try world.renewPlaySubscriptionNow(productId) }
        try tellStore(.renewNow(productId: productId)) { try world.store.renewNow(productId: productId, link: world.link) }
    }

    func expire(_ productId: String) throws {
        guard world.play == nil else { return try world.expirePlaySubscription(productId) }
        try storeDid(.expireNow(productId: productId)) { try world.store.expire(productId: productId, at: world.now) }
    }

    /// Billing of a subscription fails or works again; when it works again, the Store retries the
    /// renewals in billing retry at once (on Google Play, `setPlayBilling`).
    func setBilling(_ productId: String, fails: Bool) throws {
        guard world.play == nil else { return try world.setPlayBilling(productId, fails: fails) }
        try tellStore(.billing(productId: productId, fails: fails)) {
            try world.store.setBilling(productId: productId, fails: fails)
            if !fails { try world.store.renewDueSubscriptions(link: world.link) }
        }
    }

    /// The Store raises a subscription's price and asks its subscribers to consent.
    func raisePrice(_ productId: String, to price: Decimal) throws {
        let written = world.catalog.storefront.format(price, locale: "en")
        try world.store.checkPriceIncrease(productId: productId, to: price)
        try tellStore(.raisePrice(productId: productId, price: written)) {
            try world.store.raisePrice(productId: productId, to: price, link: world.link)
        }
    }

    /// The subscriber answers the price increase of their subscription.
    func consent(_ productId: String, agrees: Bool) throws {
        try storeDid(.consent(productId: productId, agrees: agrees)) {
            try world.store.consent(productId: productId, agrees: agrees, at: world.now)
        }
    }

    /// Tells the timeline what the user asks of the Store, then asks it.
    private func tellStore(_ asked: UserAction, _ action: () throws -> Void) throws {
        try world.record(.command, from: .user, to: .store, what: .user(asked), transactionId: nil)
        try action()
    }

    /// Has the Store do something, then tells the timeline it was done.
    private func storeDid(_ done: UserAction, transactionId: TransactionID? = nil, _ action: () throws -> Void) throws {
        try action()
        try world.record(.command, from: .user, to: .store, what: .user(done), transactionId: transactionId)
    }
}
