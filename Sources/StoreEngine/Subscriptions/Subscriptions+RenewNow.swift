import Foundation
import IAPCore
import Storage

/// StoreKit Testing's "renew now" (`SKTestSession.forceRenewalOfSubscription`): Apple, "Ends the
/// previous subscription period and begins the next period in the test environment." The current
/// period ends now and the one renewal rule (`renewal(of:dueAt:now:notes:)`) decides what
/// follows, exactly as at the period's natural end.
extension Subscriptions {
    /// Renews a subscription of the signed-in account now: its current period ends now, then it
    /// renews as it would at the end of its period — or it expires (auto-renew off, a price
    /// increase not agreed to, the sandbox's renewal cap), or it enters billing retry (billing
    /// fails). One with no current period (never bought, its latest period refunded, expired, in
    /// billing retry) is refused: nothing is charged.
    func renewNow(productId: String, link: Link) throws(StoreError) {
        let latest = try currentSubscription(productId, at: link.now)
        let (renewal, notes) = try store { () throws(StorageError) -> (StoreRecord?, [(StoreStep, TransactionID)]) in
            try database.database.transaction { () throws(StorageError) -> (StoreRecord?, [(StoreStep, TransactionID)]) in
                try endNow(latest, at: link.now)
            }
        }
        for (step, id) in notes { link.note(.store(step), from: .store, to: nil, transactionId: id) }
        // A period that ends now is told to the Server as the passing clock tells one (auto-renew
        // off, the sandbox's cap), once.
        try notifyEndedPeriods(since: link.now.addingTimeInterval(-0.001), link: link)
        guard let renewal else { return }
        try store { () throws(StorageError) in
            for handed in try receipts.handingOut([renewal]) { try signatures.deliver(handed, link: link) }
        }
    }

    /// Ends `latest`'s period at `now` and applies the renewal rule; returns the renewal made, if
    /// any, and what the timeline is told.
    private func endNow(_ latest: StoreRecord, at now: Date) throws(StorageError) -> (StoreRecord?, [(StoreStep, TransactionID)]) {
        var notes: [(StoreStep, TransactionID)] = []
        try database.setSetting(SubscriptionPeriods.expiredPrefix + latest.id.description, String(SimulatedTime.millis(now)))
        var renewal: StoreRecord?
        if try database.setting("autorenew:\(latest.originalId)") == "off" {
            notes.append((.expiredNowAutoRenewOff(productId: latest.productId), latest.id))
        } else {
            renewal = try self.renewal(of: latest, dueAt: now, now: now, notes: &notes)
        }
        if renewal == nil, notes.isEmpty {
            notes.append((.expiredNowSandboxCap(productId: latest.productId, limit: Self.sandboxRenewalLimit), latest.id))
        }
        // Its signed transaction (StoreKit 2) tells the period's new end, as `expire`'s does.
        if renewal == nil, api == .storekit2, let ended = try database.record(id: latest.id) {
            try database.update(try signatures.signing(ended, at: now))
        }
        return (renewal, notes)
    }

    /// The signed-in account's subscription of `productId` that has a current period at `now`;
    /// refused with the reason when it has none. Apple: "A user shouldn't be able to purchase any
    /// new subscription until the billing issues on the account are solved": one in billing retry
    /// has no period to end, and a charge now would be paid again when the retry recovers.
    private func currentSubscription(_ productId: String, at now: Date) throws(StoreError) -> StoreRecord {
        let (latest, retrying, refunded) = try store { () throws(StorageError) -> (StoreRecord?, Bool, Bool) in
            let latest = try periods.latestSubscriptions().last { $0.account == account && $0.productId == productId }
            let retrying = try latest.map { (record) throws(StorageError) in try database.setting("billing-retry:\(record.originalId)") != nil } ?? false
            let refunded = try database.latestPaid(account: account, products: [productId], withReceipts: false).last?.refunded ?? false
            return (latest, retrying, refunded)
        }
        guard let latest else {
            throw .refused(refunded ? .latestPeriodRefunded(account: account, productId: productId)
                                    : .noSubscriptionToRenew(account: account, productId: productId))
        }
        if retrying {
            throw .refused(.renewalsInBillingRetry(productId: productId))
        }
        if let end = periods.expiry(of: latest), end <= now {
            throw .refused(.periodExpired(account: account, productId: productId, expiry: end))
        }
        return latest
    }
}
