import Foundation
import IAPCore
import Storage

extension Subscriptions {
    /// Renewals of `productId` for the signed-in account cannot (`fails`) or can be charged.
    func setBilling(productId: String, fails: Bool) throws(StoreError) {
        let key = "billing-fail:\(account):\(productId)"
        try store { () throws(StorageError) in
            if fails { try database.setSetting(key, "fail") } else { try database.removeSetting(key) }
        }
    }

    /// The products whose renewals cannot be charged for the signed-in account.
    func failingBilling() throws(StoreError) -> [String] {
        let prefix = "\(account):"
        let failing = try store { () throws(StorageError) in try database.settings(prefix: "billing-fail:") }
        return failing.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// Every subscription in billing retry, by its original id.
    func billingRetries() throws(StoreError) -> [TransactionID: BillingRetry] {
        try store { () throws(StorageError) in
            let graces = try database.settings(prefix: "grace-until:")
            var retries: [TransactionID: BillingRetry] = [:]
            for (key, since) in try database.settings(prefix: "billing-retry:") {
                guard let id = TransactionID(key), let since = Int64(since) else { continue }
                retries[id] = BillingRetry(since: SimulatedTime.date(millis: since), graceUntil: graces[key].flatMap(Int64.init).map(SimulatedTime.date(millis:)))
            }
            return retries
        }
    }

    /// When the renewal of `latest`, due at `end`, is charged at `now`: at `end` when billing
    /// works, now when it works again after a retry; nil while it cannot be charged. A renewal
    /// that cannot be charged enters billing retry (with the grace period when it is on); after
    /// 60 days of retry the subscription expires. `notes` collects what the timeline is told.
    func chargeDate(renewing latest: StoreRecord, dueAt end: Date, now: Date,
                    notes: inout [(StoreStep, TransactionID)]) throws(StorageError) -> Date? {
        let retryKey = "billing-retry:\(latest.originalId)", graceKey = "grace-until:\(latest.originalId)"
        let retrying = try database.setting(retryKey) != nil
        guard try database.setting("billing-fail:\(latest.account):\(latest.productId)") != nil else {
            guard retrying else { return end }
            try database.removeSetting(retryKey)
            try database.removeSetting(graceKey)
            notes.append((.billingRecovered(productId: latest.productId), latest.id))
            return now
        }
        if !retrying {
            try database.setSetting(retryKey, String(SimulatedTime.millis(end)))
            if case .named(let length) = switches[.gracePeriod], let days = Int(length.dropLast()) {
                let until = end.addingTimeInterval(Double(days) * 86400)
                try database.setSetting(graceKey, String(SimulatedTime.millis(until)))
                notes.append((.billingRetry(productId: latest.productId, graceUntil: SimulatedTime.format(until)), latest.id))
                try notifications.notify(.didFailToRenew, subtype: "GRACE_PERIOD", about: latest, at: now)
            } else {
                notes.append((.billingRetry(productId: latest.productId, graceUntil: nil), latest.id))
                try notifications.notify(.didFailToRenew, about: latest, at: now)
            }
        }
        let retryStart = try database.setting(retryKey).flatMap(Int64.init).map(SimulatedTime.date(millis:)) ?? end
        if now >= retryStart.addingTimeInterval(Double(SubscriptionPeriods.billingRetryDays) * 86400) {
            // The grace period, shorter than the retry, ended first.
            if let until = try database.setting(graceKey).flatMap(Int64.init) {
                try notifications.tellGracePeriodExpired(latest, until: until, at: now)
            }
            try database.removeSetting(retryKey)
            try database.removeSetting(graceKey)
            try database.setSetting("autorenew:\(latest.originalId)", "off")
            try database.setSetting(Notifications.expirationIntentPrefix + latest.originalId.description,
                                    String(RenewalInfoPayload.ExpirationIntent.billingError.rawValue))
            notes.append((.billingExpired(productId: latest.productId, days: SubscriptionPeriods.billingRetryDays), latest.id))
            try notifications.notify(.expired, subtype: "BILLING_RETRY", about: latest, at: now, expirationIntent: .billingError)
            try notifications.markExpiryTold(latest)
        }
        return nil
    }
}
