import Foundation
import IAPCore
import Storage

/// Extend a Subscription Renewal Date (App Store Server API): Apple, "Extends the renewal date of
/// a customer's active subscription using the original transaction identifier." The current
/// period's end moves later by `extendByDays` (kept as the period's end, `expired:`, which every
/// reader of an expiry goes through: the signed transaction's `expiresDate`, the renewal info's
/// `renewalDate`, the receipt, the schedule), so the next renewal falls due that much later. Apple's
/// limits are kept: "The number of days is a number from 1 to 90"; "you can extend the renewal
/// date twice within a year (365 days) per customer"; and `SubscriptionExtensionIneligibleError`
/// for "Subscriptions in a free offer period", billing retry, and "Expired subscriptions". Family
/// members' shares follow the purchaser's end (`Family.extendShares`); Apple, "the endpoint doesn't
/// support requests to extend a family member's subscription directly".
extension Subscriptions {
    /// Answers the Server's request with `ExtendRenewalDateResponse`, and posts `RENEWAL_EXTENDED`;
    /// or with the error Apple answers, changing nothing.
    func extendRenewalDate(_ request: RenewalExtension.Request, link: Link) throws(StorageError) {
        link.send(.renewalDateExtended(try extendRenewalDate(request, at: link.now)))
    }

    /// Extends the renewal date as `request` asks at `now`, or refuses as Apple does, changing nothing.
    func extendRenewalDate(_ request: RenewalExtension.Request, at now: Date) throws(StorageError) -> RenewalExtension {
        try database.database.transaction { () throws(StorageError) -> RenewalExtension in
            let latest: StoreRecord
            switch try extensionTarget(request, at: now) {
            case .failure(let refusal): return RenewalExtension(request: request, refusal: refusal)
            case .success(let found): latest = found
            }
            guard let end = periods.expiry(of: latest) else { return RenewalExtension(request: request, refusal: .notActive) }
            let effective = SimulatedTime.millis(end) + Int64(request.extendByDays) * 86_400_000
            try database.setSetting(SubscriptionPeriods.expiredPrefix + latest.id.description, String(effective))
            let past = try extensionDates(of: latest.originalId)
            try database.setSetting(Self.extensionsPrefix + latest.originalId.description,
                                    (past + [SimulatedTime.millis(now)]).map(String.init).joined(separator: ","))
            if api == .storekit2, let extended = try database.record(id: latest.id) {
                try database.update(try signatures.signing(extended, at: now))
            }
            try notifications.notify(.renewalExtended, about: latest, at: now)
            try family.extendShares(of: latest, at: now)
            return RenewalExtension(request: request, response: RenewalExtension.Response(
                effectiveDate: effective, originalTransactionId: latest.originalId.description, success: true,
                webOrderLineItemId: try signatures.ids.webOrderLineItemId(of: latest.id)))
        }
    }

    /// The subscription's latest transaction when it may be extended now, or why not.
    private func extensionTarget(_ request: RenewalExtension.Request,
                                 at now: Date) throws(StorageError) -> Result<StoreRecord, RenewalExtensionRefusal> {
        guard (1...90).contains(request.extendByDays) else { return .failure(.daysOutOfRange) }
        guard (0...3).contains(request.extendReasonCode) else { return .failure(.reasonOutOfRange) }
        guard let original = try database.record(id: request.originalTransactionId),
              catalog.type(ofProduct: original.productId) == .autoRenewable
        else { return .failure(.notFound) }
        guard original.kind != .familyShare else { return .failure(.familyMember) }
        let latest = try periods.current(of: original)
        guard !latest.refunded, try database.setting("billing-retry:\(latest.originalId)") == nil,
              let end = periods.expiry(of: latest), end > now
        else { return .failure(.notActive) }
        let charged = try prices.chargedPrice(latest)
        if latest.kind == .trial || charged == 0 { return .failure(.freeOfferPeriod) }
        let yearAgo = SimulatedTime.millis(now) - 365 * 86_400_000
        if try extensionDates(of: latest.originalId).filter({ $0 > yearAgo }).count >= 2 { return .failure(.twiceWithinAYear) }
        return .success(latest)
    }

    /// When the subscription's renewal date was extended, in milliseconds, oldest first.
    private func extensionDates(of originalId: TransactionID) throws(StorageError) -> [Int64] {
        (try database.setting(Self.extensionsPrefix + originalId.description) ?? "").split(separator: ",").compactMap { Int64($0) }
    }

    private static let extensionsPrefix = "renewal-extensions:"
}
