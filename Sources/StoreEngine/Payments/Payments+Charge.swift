import Foundation
import IAPCore
import Storage

/// Payments: what the Store does with one (`outcome`), and charging it (`charge`), with the
/// group changes and offers a subscription's charge follows.
extension Payments {
    /// A StoreKit 1 payment: an Ask to Buy request joins the one waiting, or a new transaction is
    /// made, purchasing, then answered by what the Store does with it.
    func addPayment(_ request: PaymentRequest, link: Link) throws(StorageError) {
        if let waiting = try joinableRequest(request) {
            // Apple: duplicate Ask to Buy requests are consolidated and only reset the 24-hour timer.
            let joined = waiting.with(date: link.now)
            try database.update(joined)
            link.send(.transactionUpdated(joined.asTransaction))
            return
        }
        let id = try database.nextTransactionId()
        var record = StoreRecord(
            id: id, originalId: id, productId: request.productId, account: account, state: .purchasing,
            kind: .purchase, charged: false, finished: false, refunded: false, date: link.now,
            error: nil, receipt: nil)
        try database.insert(record)
        link.send(.transactionUpdated(record.asTransaction))
        switch try outcome(of: request, id: id, at: link.now) {
        case .fails(let error):
            record = record.with(state: .failed, error: error)
        case .waits:
            // The offer waits with the request: the parent's approval charges it.
            if let offer = try offers.requestedOffer(request) { try applied.keep(offer, for: id) }
            record = record.with(state: .deferred)
        case .charges:
            record = try charge(record, offer: try offers.requestedOffer(request), link: link)
        }
        try database.update(record)
        link.send(.transactionUpdated(record.asTransaction))
    }

    /// What the Store does with a payment, by its switches and the offer it asks for, in that
    /// order (what the account already holds is `charge`'s to weigh); an interrupted purchase
    /// (with its offer) is remembered until the user resolves it.
    func outcome(of request: PaymentRequest, id: TransactionID, at now: Date) throws(StorageError) -> PaymentOutcome {
        if catalog.product(id: request.productId) == nil || switches.withdrawn.contains(request.productId) {
            return .fails(.paymentInvalid)
        }
        if !switches.isOn(.payments) { return .fails(.paymentNotAllowed) }
        if request.answer == .cancel { return .fails(.paymentCancelled) }
        if let refusal = try offers.offerRefusal(request, at: now) { return .fails(refusal) }
        if switches.isOn(.interrupt) {
            try database.setSetting("interrupted:\(account):\(request.productId)", id.description)
            if let offer = try offers.requestedOffer(request) { try applied.keep(offer, for: id) }
            return .fails(.interrupted)
        }
        if case .failing(let error) = switches[.fail] { return .fails(error) }
        if request.answer == .ask || switches.isOn(.askToBuy) { return .waits }
        return .charges
    }

    /// Charges a transaction, unless what the account already holds covers it (`holding`): an
    /// owned non-consumable or the subscription the account has now is handed back, uncharged.
    /// Otherwise it is purchased, with a signed receipt (and its JWS, when the Store
    /// signs transactions), told to the Server by a notification when they are on. It is charged
    /// under `offer` (promotional, code, win-back) when given; otherwise the first subscription of
    /// a group with an introductory offer gets it (a free trial is the transaction's kind, `trial`;
    /// a paid offer is kept as its `AppliedOffer`), and the price follows. A subscription bought
    /// while another of its group is active changes it as Apple ranks the two (`GroupChange`): an
    /// upgrade or a crossgrade of the same period ends the old one now with a prorated refund; a
    /// downgrade or a crossgrade of another period charges nothing now, hands back the current
    /// subscription, and has it renew as the new product. Any other subscription of the group
    /// stops renewing. A purchase in a group the account subscribed to before (an upgrade, a
    /// crossgrade, a resubscription) continues its subscription under its original id
    /// (`Subscriptions.continueSubscription`).
    func charge(_ record: StoreRecord, offer: AppliedOffer? = nil, link: Link) throws(StorageError) -> StoreRecord {
        switch try holding(record.productId, account: record.account, at: link.now) {
        case .owned(let owned):
            link.note(.store(.alreadyPurchased(productId: owned.productId, owned.id)), from: .store, to: nil, transactionId: owned.id)
            return try handBack(record, owned, at: link.now)
        case .subscribed(let current): return try keepPlan(record, current, offer: offer, link: link)
        case .billingRetry(let retrying): return refuseInBillingRetry(record, retrying, link: link)
        case .charges: break
        }
        var kind = record.kind, applied = offer, originalId = record.originalId
        let subscription = catalog.product(id: record.productId).flatMap { $0.type == .autoRenewable ? $0 : nil }
        var told: (NotificationType, String?) = subscription == nil ? (.oneTimeCharge, nil) : (.subscribed, "INITIAL_BUY")
        if let product = subscription, record.kind == .purchase {
            if let (current, change) = try subscriptions.groupChange(buying: product, account: record.account, at: link.now) {
                guard change.isImmediate else { return try waitForRenewal(record, current, change, offer: offer, link: link) }
                let refund = try subscriptions.endForChange(current, at: link.now, upgrade: change == .upgrade)
                link.note(.store(.planChangedNow(change.told, productId: product.id, replaced: current.productId, refund: prices.format(refund), current.id)),
                          from: .store, to: nil, transactionId: current.id)
                // Apple's life-cycle table: "Customer redeems a promotional offer or offer code to
                // upgrade their subscription." OFFER_REDEEMED UPGRADE, in place of DID_CHANGE_RENEWAL_PREF.
                told = (offer == nil ? .didChangeRenewalPref : .offerRedeemed, "UPGRADE")
            }
            let group = try periods.groupRecords(product.group, account: record.account)
            if told.0 == .subscribed, !group.isEmpty { told.1 = "RESUBSCRIBE" }
            applied = applied ?? offers.introductoryOffer(for: product, group: group)
            if applied?.type == .introductory, product.introductoryOffer?.mode == .freeTrial { (kind, applied) = (.trial, nil) }
            for other in Set(group.map(\.originalId)) {
                try database.setSetting("autorenew:\(other)", "off")
            }
            if let latest = group.max(by: { $0.id < $1.id }) {
                originalId = latest.originalId
                try subscriptions.continueSubscription(latest, at: link.now)
            }
        }
        let charged = record.with(originalId: originalId, state: .purchased, kind: kind, charged: true, date: link.now)
        if let applied {
            try self.applied.keep(applied, for: charged.id)
            link.note(.store(.offerCharged(offer: applied, productId: charged.productId, price: try prices.priceText(of: charged))),
                      from: .store, to: nil, transactionId: charged.id)
        } else if let step = try prices.recordPrice(of: charged) {
            link.note(.store(step), from: .store, to: nil, transactionId: charged.id)
        }
        try notifications.notify(told.0, subtype: told.1, about: charged, at: link.now)
        try family.tellSharedAlready(charged, link: link)
        try family.shareWithFamily(charged, link: link)
        return try signatures.signing(charged.with(receipt: try receipts.receipt(proving: charged, at: link.now)), at: link.now)
    }

    /// A change that waits for the renewal: nothing is charged now; the purchase hands back the
    /// current subscription (as buying an owned non-consumable does), which renews as the new one,
    /// under the offer asked for when there is one (Apple, of an offer for another product of the
    /// group: "the standard plan change logic will apply").
    private func waitForRenewal(_ record: StoreRecord, _ current: StoreRecord, _ change: GroupChange,
                                offer: AppliedOffer?, link: Link) throws(StorageError) -> StoreRecord {
        try subscriptions.renewAs(record.productId, current)
        let renewal = periods.expiry(of: current).map(SimulatedTime.format) ?? ""
        link.note(.store(.planChangesAtRenewal(change.told, productId: current.productId, renewsAs: record.productId, on: renewal)),
                  from: .store, to: nil, transactionId: current.id)
        if let offer { try offers.waitForRenewal(offer, of: current, link: link) }
        // Apple's life-cycle table: "Customer redeems a promotional offer and downgrades their
        // subscription." OFFER_REDEEMED DOWNGRADE; an offer code for a lower plan is told alike
        // (Apple: "If the subtype is DOWNGRADE, the customer redeemed an offer to downgrade").
        try notifications.notify(offer == nil ? .didChangeRenewalPref : .offerRedeemed, subtype: "DOWNGRADE", about: current, at: link.now)
        return try handBack(record, current, at: link.now)
    }
}
