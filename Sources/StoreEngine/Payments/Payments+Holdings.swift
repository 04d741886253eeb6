import Foundation
import IAPCore
import Storage

extension Payments {
    /// What a payment for `productId` by `account` charges at `now`.
    func holding(_ productId: String, account: String, at now: Date) throws(StorageError) -> PaymentHolding {
        guard let product = catalog.product(id: productId) else { return .charges }
        switch product.type {
        case .nonConsumable:
            let owned = try database.records(
                where: "product_id = ? AND account = ? AND charged = 1 AND refunded = 0 AND kind != 'restore'",
                [.text(productId), .text(account)]).first
            return owned.map(PaymentHolding.owned) ?? .charges
        case .autoRenewable:
            if let current = try periods.activeSubscription(product.group, account: account, at: now) {
                return current.productId == productId ? .subscribed(current) : .charges
            }
            return try periods.retryingSubscription(product.group, account: account).map(PaymentHolding.billingRetry) ?? .charges
        case .consumable, .nonRenewing:
            return .charges
        }
    }

    /// A payment while the account's subscription of the group is in billing retry: Apple, "A
    /// user shouldn't be able to purchase any new subscription until the billing issues on the
    /// account are solved". Nothing is charged and the retry goes on; the payment fails.
    func refuseInBillingRetry(_ record: StoreRecord, _ retrying: StoreRecord, link: Link) -> StoreRecord {
        link.note(.store(.inBillingRetry(productId: retrying.productId)), from: .store, to: nil, transactionId: retrying.id)
        return record.with(state: .failed, charged: false, finished: api == .storekit2, error: .billingIssue)
    }

    /// The subscriber chooses the plan they have: nothing is charged. A change waiting for the
    /// renewal is cancelled (DID_CHANGE_RENEWAL_PREF without a subtype), auto-renew is on again
    /// (DID_CHANGE_RENEWAL_STATUS when it was off), and an offer asked for applies at the
    /// renewal ("offers to the same product will always be applied upon renewal"; OFFER_REDEEMED
    /// without a subtype).
    func keepPlan(_ record: StoreRecord, _ current: StoreRecord, offer: AppliedOffer?, link: Link) throws(StorageError) -> StoreRecord {
        let until = periods.expiry(of: current).map(SimulatedTime.format) ?? ""
        var told: [StoreStep] = [.alreadySubscribed(productId: current.productId, until: until)]
        if let waiting = try database.setting("renew-to:\(current.originalId)") {
            try database.removeSetting("renew-to:\(current.originalId)")
            try offers.cancelWaitingOffer(of: current)
            told.append(.waitingChangeCancelled(productId: waiting))
            try notifications.notify(.didChangeRenewalPref, about: current, at: link.now)
        }
        if try database.setting("autorenew:\(current.originalId)") == "off" {
            try database.setSetting("autorenew:\(current.originalId)", "on")
            told.append(.autoRenewOnAgain)
            try notifications.notify(.didChangeRenewalStatus, subtype: "AUTO_RENEW_ENABLED", about: current, at: link.now)
        }
        for step in told { link.note(.store(step), from: .store, to: nil, transactionId: current.id) }
        if let offer {
            try offers.waitForRenewal(offer, of: current, link: link)
            // Apple: "If the customer redeemed an offer for their active subscription, you receive an
            // OFFER_REDEEMED notification type without a subtype." About the paid transaction that
            // runs now, its renewal information naming the offer the next renewal is under. Apple
            // does not say whether a change cancelled or auto-renew turned on by the same choice is
            // told as well: each is, before it, as without an offer.
            try notifications.notify(.offerRedeemed, about: current, at: link.now)
        }
        return try handBack(record, current, at: link.now)
    }

    /// A payment that charges nothing: a transaction of its own that hands back `held`, the
    /// paid transaction that already covers it, with a receipt proving that one.
    func handBack(_ record: StoreRecord, _ held: StoreRecord, at now: Date) throws(StorageError) -> StoreRecord {
        try signatures.signing(StoreRecord(
            id: record.id, originalId: held.originalId, productId: held.productId, account: record.account,
            state: .purchased, kind: .restore, charged: false, finished: false, refunded: false, date: now,
            error: nil, receipt: try receipts.receipt(proving: held, at: now)), at: now)
    }

    /// The paid transaction a hand-back (`handBack`) stands for: the latest of its subscription
    /// or the purchase of its non-consumable.
    func heldRecord(handedBackBy record: StoreRecord) throws(StorageError) -> StoreRecord {
        try database.latestPaid(account: record.account, products: [record.productId])
            .first { $0.originalId == record.originalId } ?? record
    }
}
