import Foundation
import IAPCore
import Storage

extension Receipts {
    /// What `verifyReceipt` says of each purchase a receipt lists, every one issued as listed
    /// (`StoreDatabase.issuance`, which read the `refunded` ids): its current expiry and whether
    /// it was refunded since; nil when an id is not one (the Store signed these ids itself, so
    /// such a receipt is malformed). A receipt lists every unfinished consumable, so a check reads
    /// in bulk: whole rows only of subscriptions.
    func entries(of receipt: Receipt, restoring: StoreRecord?, refunded: Set<TransactionID>) throws(StorageError) -> [ReceiptEntry]? {
        let purchases = receipt.inApp
        var ids: [TransactionID] = []
        var originals: [TransactionID] = []
        ids.reserveCapacity(purchases.count)
        originals.reserveCapacity(purchases.count)
        for purchase in purchases {
            guard let id = TransactionID(purchase.transactionId), let originalId = TransactionID(purchase.originalTransactionId)
            else { return nil }
            ids.append(id)
            originals.append(originalId)
        }
        let types = purchases.map { catalog.type(ofProduct: $0.productId) }
        let expiring = try database.recordsWithoutReceipts(ids: ids.indices.filter { Self.expires(types[$0]) }.map { ids[$0] })
        let ended = try periods.expiredMillis(of: ids)
        // Apple's `cancellation_date` and `cancellation_reason` of the few refunded, and the
        // `original_purchase_date` of renewals and restores, from their purchases.
        let cancelled = refunded.isEmpty ? [:] : try database.recordsWithoutReceipts(ids: Array(refunded))
        let renewed = Set(ids.indices.filter { ids[$0] != originals[$0] }.map { originals[$0] })
        let originalRecords = renewed.isEmpty ? [:] : try database.recordsWithoutReceipts(ids: Array(renewed))
        let derived = DerivedIds(context: context)
        var entries: [ReceiptEntry] = []
        entries.reserveCapacity(purchases.count)
        var grace: [TransactionID: Date?] = [:]
        for (index, purchase) in purchases.enumerated() {
            let id = ids[index], originalId = originals[index]
            // Most purchases a long receipt lists are unfinished consumables: no period, no
            // refund, and no lookup made for them in the empty tables.
            let record = expiring.isEmpty ? nil : expiring[id]
            var entry = ReceiptEntry(
                transactionId: id, originalTransactionId: originalId,
                productId: purchase.productId, account: receipt.account,
                purchaseDate: SimulatedTime.date(millis: purchase.purchaseDateMillis),
                expires: expiry(type: types[index], record: record, ended: ended.isEmpty ? nil : ended[id]),
                revoked: !refunded.isEmpty && refunded.contains(id),
                restoringTransactionId: restoring?.originalId == originalId ? restoring?.id : nil)
            if let record {
                // One subscription's renewals share its billing state: read once a subscription.
                if grace[originalId] == nil { grace[originalId] = try periods.graceUntil(of: record) }
                entry.graceExpires = grace[originalId] ?? nil
            }
            entry.inAppOwnershipType = purchase.inAppOwnershipType
            entry.originalPurchaseDate = id == originalId ? entry.purchaseDate : originalRecords[originalId]?.date
            if entry.revoked, let refund = cancelled[id] {
                entry.cancellationDate = refund.refundDate ?? refund.date
                entry.cancellationReason = refund.refundReason ?? .other
            }
            if types[index] == .autoRenewable {
                entry.webOrderLineItemId = try derived.webOrderLineItemId(of: id)
            }
            if let record, catalog.type(ofProduct: record.productId) == .autoRenewable {
                describeOffer(of: record, in: &entry)
            }
            entries.append(entry)
        }
        return entries
    }

    /// Apple's `latest_receipt_info`, "only returned for receipts that contain auto-renewable
    /// subscriptions": the newest transaction of each subscription the receipt lists, as the
    /// Store has it now, whether or not the receipt sent lists it yet (the request's
    /// `exclude-old-transactions`, which keeps the answer one entry a subscription), and the
    /// transaction the request asks about when it is one of those subscriptions' renewals; oldest first.
    func latestReceiptInfo(of receipt: Receipt, asked: TransactionID?) throws(StorageError) -> [ReceiptEntry] {
        let subscriptions = Set(receipt.inApp.filter { catalog.type(ofProduct: $0.productId) == .autoRenewable }
            .compactMap { TransactionID($0.originalTransactionId) })
        guard !subscriptions.isEmpty else { return [] }
        let renewing = catalog.products(ofType: .autoRenewable).map(\.id)
        var records = try database.latestPaid(of: Array(subscriptions), account: receipt.account, products: renewing)
        if let asked, !records.contains(where: { $0.id == asked }), let record = try database.recordsWithoutReceipts(ids: [asked])[asked],
           record.account == receipt.account, record.charged, record.kind != .restore, subscriptions.contains(record.originalId) {
            records.append(record)
        }
        let latest = Receipt(environment: receipt.environment, account: receipt.account,
                             inApp: records.sorted { $0.id < $1.id }.map(Self.receiptPurchase))
        let refunded = try database.issuance(Self.issuanceList(latest.inApp), account: receipt.account).refunded
        var entries = try entries(of: latest, restoring: nil, refunded: refunded) ?? []
        // Fields Apple writes in `latest_receipt_info` only: the subscription's group, and
        // whether the customer upgraded from the transaction.
        for index in entries.indices {
            let product = catalog.product(id: entries[index].productId)
            entries[index].subscriptionGroupIdentifier = product?.group.map(catalog.subscriptionGroupIdentifier)
            if try database.setting(Signatures.upgradedPrefix + entries[index].transactionId.description) != nil {
                entries[index].isUpgraded = true
            }
        }
        return entries
    }

    /// Apple's `pending_renewal_info`: for each subscription `latest_receipt_info` names, what it
    /// renews as, whether it renews, whether billing is retried and the grace period's end, a
    /// price increase's consent, and the offer its next renewal is under (why it expired depends
    /// on the moment asked: `withExpirationIntents`).
    func pendingRenewalInfo(of latest: [ReceiptEntry]) throws(StorageError) -> [PendingRenewalInfo] {
        var seen: Set<TransactionID> = []
        var renewals: [PendingRenewalInfo] = []
        for entry in latest.reversed() where seen.insert(entry.originalTransactionId).inserted {
            let state = try RenewalState(of: entry.originalTransactionId, productId: entry.productId, in: database)
            var renewal = PendingRenewalInfo(
                originalTransactionId: entry.originalTransactionId, productId: entry.productId,
                autoRenewProductId: state.renewsAs, autoRenews: state.autoRenews, isInBillingRetryPeriod: state.retrying)
            renewal.gracePeriodExpiresMillis = state.graceUntilMillis
            renewal.priceConsentStatus = state.consent == .pending ? 0 : state.consent == .agreed ? 1 : nil
            if let waiting = state.waitingOffer {
                if waiting.type == .code { renewal.offerCodeRefName = waiting.id }
                if waiting.type == .promotional || waiting.type == .winBack { renewal.promotionalOfferId = waiting.id }
            }
            renewals.append(renewal)
        }
        return renewals.reversed()
    }

    /// The receipt's offer fields of a subscription's transaction, as Apple fills them: the two
    /// introductory flags on every auto-renewable entry, the offer's id or code where one applied.
    private func describeOffer(of record: StoreRecord, in entry: inout ReceiptEntry) {
        let offer = applied.offer(of: record)
        let introductory = offer?.type == .introductory
        entry.isTrialPeriod = introductory && applied.terms(of: record, in: catalog)?.mode == .freeTrial
        entry.isInIntroOfferPeriod = introductory && applied.terms(of: record, in: catalog)?.mode != .freeTrial
        if offer?.type == .promotional || offer?.type == .winBack { entry.promotionalOfferId = offer?.id }
        if offer?.type == .code { entry.offerCodeRefName = offer?.id }
    }

    /// Whether a product's purchases have a period that ends.
    private static func expires(_ type: ProductType?) -> Bool {
        type == .autoRenewable || type == .nonRenewing
    }

    /// `expiry(of:)` of a transaction the Store has: its early end when it was ended early, else
    /// its period's end (read from its row, which only products that expire need).
    private func expiry(type: ProductType?, record: StoreRecord?, ended: Int64?) -> Date? {
        guard type != nil else { return nil }
        if let ended {
            return SimulatedTime.date(millis: ended)
        }
        return record.flatMap { periods.expiry(of: $0, ended: nil) }
    }

    /// `pending_renewal_info` at `now`, with Apple's `expiration_intent` — "only present for an
    /// expired auto-renewable subscription" — for each whose latest period has ended: 1 when the
    /// customer turned renewal off ("The customer canceled their subscription"), 2 while billing
    /// is retried ("Billing error"); none for another ending (a refund is told by its cancellation).
    static func withExpirationIntents(_ renewals: [PendingRenewalInfo], latest: [ReceiptEntry], at now: Date) -> [PendingRenewalInfo] {
        renewals.map { renewal in
            var renewal = renewal
            let ends = latest.last { $0.originalTransactionId == renewal.originalTransactionId }?.expires
            if let ends, ends <= now {
                renewal.expirationIntent = !renewal.autoRenews ? 1 : renewal.isInBillingRetryPeriod ? 2 : nil
            }
            return renewal
        }
    }
}
