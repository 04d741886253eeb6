import IAPClient
import OrderServer
import ReadSide
import StoreEngine
import WorldCore

/// Reads what an `expect` line asks about from the world, as text to compare and print.
struct ExpectationCheck {
    /// What the audit's expectations read, kept from check to check.
    let readModel: ReadModel

    /// The world checked.
    private var world: World { readModel.world }

    /// What the expectation wants, as text.
    static func wanted(_ expectation: Expectation) -> String {
        switch expectation {
        case .credited(_, let count), .onReceipt(_, let count): return String(count)
        case .balance(_, let amount): return String(amount)
        case .owned(_, let owned), .shared(_, let owned): return owned ? "yes" : "no"
        case .pending(let count), .unfinished(let count), .lost(let count), .overcharged(let count),
             .notificationsPending(let count), .notified(_, let count), .autoRefunded(let count): return String(count)
        case .acknowledged(_, let acknowledged): return acknowledged ? "yes" : "no"
        case .auditOk: return "ok"
        }
    }

    /// What the world holds, as text: each expectation reads only what it checks (a count, a
    /// balance, the entitlements, the cache, the unfinished transactions); only the audit's
    /// expectations read every party whole.
    func found(_ expectation: Expectation) throws(WorldError) -> String {
        switch expectation {
        case .credited(let productId, _):
            if let url = world.settings.serverURL {
                // The outside server's credits, as it lists them: the Server in the app's loop.
                let outside = OutsideCredits.fetch(url)
                return outside.problem.map { "unknown (the outside server's credits could not be read: \($0))" }
                    ?? String(outside.entries.count { $0.productId == productId })
            }
            return String(try server { () throws(ServerError) in try world.server.creditCount(productId: productId) })
        case .balance(let currency, _):
            return String(try server { () throws(ServerError) in try world.server.balance(of: currency) })
        case .owned(let productId, _):
            let ledger = try server { () throws(ServerError) in try world.server.entitlements() }
            return ledger.owns(productId: productId, account: world.store.account, at: world.now) ? "yes" : "no"
        case .shared(let productId, _):
            let ledger = try server { () throws(ServerError) in try world.server.entitlements() }
            return ledger.shares(productId: productId, account: world.store.account, at: world.now) ? "yes" : "no"
        case .onReceipt(let productId, _):
            return String(try store { () throws(StoreError) in try world.store.currentReceiptProducts() }.filter { $0 == productId }.count)
        case .pending:
            do {
                return String(try PendingOrderCache.read(path: world.directory.pendingOrders).orders.count)
            } catch {
                throw .file(path: world.directory.pendingOrders, problem: error.problem)
            }
        case .unfinished:
            if let purchases = try readModel.playPurchases() {
                return String(purchases.count { $0.state == .purchased && !$0.isAcknowledged && !$0.isVoided })
            }
            return String(try store { () throws(StoreError) in try world.store.unfinishedTransactions() }.count)
        case .lost:
            return String(try audit().lost)
        case .overcharged:
            return String(try audit().overcharged)
        case .notificationsPending:
            return String(try audit().notificationsPending ?? 0)
        case .notified(let told, _):
            let posted = try store { () throws(StoreError) in try world.store.postedNotifications() }
            return String(posted.count { posted in
                let notification = posted.notification
                return told == notification.type.rawValue + (notification.subtype.map { ".\($0)" } ?? "")
            })
        case .autoRefunded:
            return String(try audit().play?.autoRefunded ?? 0)
        case .acknowledged(let productId, _):
            let latest = try readModel.playPurchases()?.last { $0.productId == productId }
            return latest?.isAcknowledged == true ? "yes" : "no"
        case .auditOk:
            let audit = try audit()
            return audit.ok ? "ok" : "not ok (\(audit.notOkReason))"
        }
    }

    /// The audit of this moment.
    private func audit() throws(WorldError) -> Audit {
        try readModel.audit()
    }

    private func store<Result>(_ read: () throws(StoreError) -> Result) throws(WorldError) -> Result {
        do {
            return try read()
        } catch {
            throw .file(path: world.directory.storeDatabase, problem: error.problem)
        }
    }

    private func server<Result>(_ read: () throws(ServerError) -> Result) throws(WorldError) -> Result {
        do {
            return try read()
        } catch {
            throw .file(path: world.directory.serverDatabase, problem: error.storage.problem)
        }
    }
}
