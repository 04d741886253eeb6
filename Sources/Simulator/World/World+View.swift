import IAPClient
import IAPCore
import OrderServer
import StoreEngine

extension World {
    /// What a face may show of the world now, read in one go.
    public func view() throws(WorldError) -> WorldView {
        let snapshot = try snapshot()
        let ledger = snapshot.ledger
        let transactions = try snapshot.transactions.map { record throws(WorldError) in
            TransactionRow(id: record.id, originalId: record.originalId, productId: record.productId, state: record.state,
                           kind: record.kind, charged: record.charged, finished: record.finished, refunded: record.refunded,
                           date: record.date, error: record.error, hasReceipt: record.receipt != nil,
                           isUnfinished: record.isUnfinished, autoRenewOff: try autoRenewIsOff(record))
        }
        let invalid = app?.invalidProductIds ?? []
        let products = catalog.products.map { product in
            CatalogRow(product: product, invalid: invalid.contains(product.id),
                       holding: holding(product, ledger: ledger, transactions: snapshot.transactions))
        }
        let audit = snapshot.audit(catalog: catalog)
        return WorldView(
            appStatus: appStatus, recovering: app?.isRecovering ?? false, settings: settings,
            storeSwitches: store.switches, account: store.account, now: now, catalog: catalog, products: products,
            transactions: transactions,
            credits: ledger.credits.map { credit in
                CreditRow(transactionId: credit.transactionId, productId: credit.productId, grant: credit.grant,
                          refunded: snapshot.transactions.contains { $0.id == credit.transactionId && $0.refunded })
            },
            balances: ledger.balances,
            pendingOrders: snapshot.cache.orders.map { PendingOrderRow(transactionId: $0.transactionId, productId: $0.productId) },
            cacheWarnings: snapshot.cache.warnings, armedCrash: armedCrash, armedPowerCut: armedPowerCut,
            nextMessage: messagesInFlight.first, messagesInFlight: messagesInFlight.count,
            audit: AuditSummary(audit), losses: audit.losses(strategy: settings.strategy), recoveryReport: lastRecoveryReport)
    }

    /// Whether the user turned auto-renew off for the subscription this transaction belongs to.
    private func autoRenewIsOff(_ record: StoreRecord) throws(WorldError) -> Bool {
        guard catalog.product(id: record.productId)?.type == .autoRenewable else { return false }
        do {
            return try !store.autoRenews(originalId: record.originalId)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
    }

    /// What the Server's ledger says the user has of a product.
    private func holding(_ product: Product, ledger: Ledger, transactions: [StoreRecord]) -> CatalogRow.Holding {
        guard let entitlement = ledger.entitlements.first(where: { $0.productId == product.id }) else {
            return product.type == .consumable ? .credited(ledger.creditCount(productId: product.id)) : .none
        }
        if transactions.contains(where: { $0.id == entitlement.transactionId && $0.refunded }) { return .refunded }
        guard let expires = entitlement.expires else { return .owned }
        guard expires > now else { return .expired }
        let trial = transactions.first { $0.id == entitlement.transactionId }?.kind == .trial
        return .until(expires, trial: trial)
    }
}
