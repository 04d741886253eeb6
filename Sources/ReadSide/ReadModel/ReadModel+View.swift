import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

extension ReadModel {
    /// What a face may show of the world now, read in one go.
    public func view() throws(WorldError) -> WorldView {
        let reads = try readHistory()
        let cache = try readCache()
        let (ledger, now) = (reads.ledger.ledger, world.now)
        let records = reads.transactions
        let changes = try groupChanges(reads)
        let renewalsOff = try autoRenewOff()
        let history = viewHistory(of: reads)
        let offers = history.offers
        let row = TransactionRowMaker(changes: changes, renewalsOff: renewalsOff, offers: offers, catalog: world.catalog, now: now)
        // A Google Play world's transactions are Play's purchases, and its queue those of them
        // not yet acknowledged (the view finds them); an App Store world's, the Store's.
        let purchases = try playPurchases()
        let transactions = purchases.map { purchases in TransactionRows(count: purchases.count) { TransactionRow(play: purchases[$0]) } }
            ?? TransactionRows(count: records.count) { row.make(records[$0]) }
        let queue = purchases == nil ? history.queue.map(row.make) : nil
        let invalid = world.host.app?.invalidProductIds ?? []
        let offerPrices: [String: Decimal]
        do {
            offerPrices = try world.store.offerPrices(at: now)
        } catch {
            throw .file(path: world.directory.storeDatabase, problem: error.problem)
        }
        let index = history.index
        let products = CatalogRows(products: world.catalog.products) { product in
            var row = CatalogRow(product: product, invalid: invalid.contains(product.id), holding: index.holding(product, now: now))
            row.startsAt = changes.starts[product.id]
            row.billing = changes.billing[product.id]
            row.raisedPrice = changes.raised[product.id]
            row.priceConsent = changes.productConsents[product.id]
            row.offerPrice = offerPrices[product.id]
            if case .until = row.holding { row.currentOffer = index.entitlements[product.id].flatMap { offers[$0.transactionId] } }
            return row
        }
        let audit = try purchases == nil ? audit(of: reads, cache: cache) : self.audit()
        var view = WorldView(
            appStatus: world.appStatus, recovering: world.host.app?.isRecovering ?? false, settings: world.settings,
            storeSwitches: world.store.switches, account: world.store.account, now: now, catalog: world.catalog, products: products,
            transactions: transactions,
            credits: history.credits,
            balances: ledger.balances,
            pendingOrders: cache.orders.map { PendingOrderRow(transactionId: $0.transactionId, productId: $0.productId) },
            cacheWarnings: cache.warnings, armedCrash: world.armedCrash, armedPowerCut: world.armedPowerCut,
            nextMessage: world.messagesInFlight.first, messagesInFlight: world.messagesInFlight.count,
            audit: AuditSummary(audit), losses: audit.losses(finishedEarly: world.settings.finishedEarly ?? [:]), recoveryReport: world.lastRecoveryReport,
            queue: queue)
        view.serverSharedSecretRight = world.server.configuration.sharedSecret == world.store.sharedSecret
        view.serverUsesPost = world.server.configuration.usesPost
        view.serverVerifiesFirst = world.server.configuration.verifiesFirst
        view.serverNotificationsOn = world.store.notificationsOn
        view.notificationsURL = world.store.notificationsURL
        view.notifications = postedNotifications(reads).map { notificationRows($0, processed: ledger.notifications) }
        view.pinnedRoot = world.server.pinnedRoot
        view.playPurchases = purchases?.map(PlayPurchaseRow.init)
        if let app = world.host.app, app.api == .storekit2, app.entitlementsRead {
            view.appEntitlements = world.catalog.products.map(\.id).filter(app.entitled.contains)
        }
        return view
    }

    /// The posted notifications as rows: where each stands, by the Store's attempts, the
    /// messages on their way and what the Server processed (`processed`, by uuid).
    private func notificationRows(_ posted: [PostedNotification], processed: Set<String>) -> [NotificationRow] {
        let flying = Set(world.messagesInFlight.compactMap { message -> String? in
            switch message {
            case .notification(let notification), .notificationAcknowledged(let notification): notification.uuid
            default: nil
            }
        })
        return posted.map { posted in
            let notification = posted.notification
            let standing: NotificationRow.Standing =
                if posted.delivered { .acknowledged }
                else if flying.contains(notification.uuid) { .inFlight }
                else if processed.contains(notification.uuid) { .fetchedByHistory }
                else if let next = posted.nextAttemptMillis { .due(SimulatedTime.date(millis: next)) }
                else { .givenUp }
            return NotificationRow(type: notification.type.rawValue, subtype: notification.subtype,
                                   transactionId: notification.transactionId, productId: notification.productId,
                                   attempts: posted.attempts, standing: standing)
        }
    }

    /// The subscription changes the Store knows of: prorated refunds by transaction, the product
    /// each subscription (by original id) renews as, the latest transaction of each, and when
    /// each product a waiting change starts begins.
    private func groupChanges(_ reads: HistoryReads) throws(WorldError) -> GroupChanges {
        var changes = GroupChanges()
        do {
            changes.refunds = try world.store.proratedRefunds()
            changes.refundedRest = try world.store.refundedAmounts().filter { changes.refunds[$0.key] != nil }
            changes.pending = try world.store.pendingChanges()
            changes.retries = try world.store.billingRetries()
            changes.consents = try world.store.priceConsents()
            changes.charged = try world.store.chargedPrices()
            changes.failingBilling = Set(try world.store.failingBilling())
            changes.raised = try world.store.raisedPrices()
        } catch {
            throw .file(path: world.directory.storeDatabase, problem: error.problem)
        }
        guard !changes.pending.isEmpty || !changes.retries.isEmpty || !changes.consents.isEmpty else { return changes }
        let subscriptions = Set(changes.pending.keys).union(changes.retries.keys).union(changes.consents.keys)
        for originalId in subscriptions {
            guard let id = reads.viewTally.latestPaidPeriod(of: originalId), let record = reads.transactions.record(id) else { continue }
            changes.latest[originalId] = record.id
            if let next = changes.pending[originalId] { changes.starts[next] = world.store.expiry(of: record) }
            if let retry = changes.retries[originalId] { changes.billing[record.productId] = BillingState(graceUntil: retry.graceUntil, at: world.now) }
            if let consent = changes.consents[originalId], record.account == world.store.account {
                changes.productConsents[record.productId] = consent
            }
        }
        return changes
    }

    /// The subscriptions, by original id, whose user turned auto-renew off.
    private func autoRenewOff() throws(WorldError) -> Set<TransactionID> {
        do {
            return try world.store.autoRenewOff()
        } catch {
            throw .file(path: world.directory.storeDatabase, problem: error.problem)
        }
    }

}

/// Makes a transaction's row when it is read, from what the view found once for all of them.
private struct TransactionRowMaker: Sendable {
    let changes: GroupChanges
    let renewalsOff: Set<TransactionID>
    let offers: [TransactionID: TransactionOffer]
    let catalog: Catalog
    let now: Date

    func make(_ record: StoreRecord) -> TransactionRow {
        var row = TransactionRow(id: record.id, originalId: record.originalId, productId: record.productId, state: record.state,
                                 kind: record.kind, charged: record.charged, finished: record.finished, refunded: record.refunded,
                                 date: record.date, error: record.error, hasReceipt: record.receipt != nil,
                                 isUnfinished: record.isUnfinished, autoRenewOff: renewalsOff.contains(record.originalId)
                                     && catalog.type(ofProduct: record.productId) == .autoRenewable)
        row.refundReason = record.refundReason
        row.proratedRefund = changes.refunds[record.id]
        row.refundedRest = changes.refundedRest[record.id]
        if changes.latest[record.originalId] == record.id {
            row.renewsAs = changes.pending[record.originalId]
            row.billing = changes.retries[record.originalId].map { BillingState(graceUntil: $0.graceUntil, at: now) }
            row.priceConsent = changes.consents[record.originalId]
        }
        row.offer = offers[record.id]
        row.chargedPrice = row.offer == nil ? changes.charged[record.id] : nil
        row.billingFails = changes.failingBilling.contains(record.productId)
        row.signedTransaction = record.signedTransaction
        return row
    }
}

/// What `ReadModel.groupChanges` finds.
private struct GroupChanges: Sendable {
    var refunds: [TransactionID: Decimal] = [:]
    var refundedRest: [TransactionID: Decimal] = [:]
    var pending: [TransactionID: String] = [:]
    var latest: [TransactionID: TransactionID] = [:]
    var starts: [String: Date] = [:]
    var retries: [TransactionID: BillingRetry] = [:]
    var billing: [String: BillingState] = [:]
    var consents: [TransactionID: PriceConsent] = [:]
    var productConsents: [String: PriceConsent] = [:]
    var charged: [TransactionID: Decimal] = [:]
    var raised: [String: Decimal] = [:]
    var failingBilling: Set<String> = []
}
