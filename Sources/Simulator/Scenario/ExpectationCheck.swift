/// Reads what an `expect` line asks about from the world, as text to compare and print.
struct ExpectationCheck {
    let world: World

    /// What the expectation wants, as text.
    static func wanted(_ expectation: Expectation) -> String {
        switch expectation {
        case .credited(_, let count), .onReceipt(_, let count): return String(count)
        case .balance(_, let amount): return String(amount)
        case .owned(_, let owned), .shared(_, let owned): return owned ? "yes" : "no"
        case .pending(let count), .unfinished(let count), .lost(let count), .overcharged(let count),
             .notificationsPending(let count): return String(count)
        case .auditOk: return "ok"
        }
    }

    /// What the world holds, as text.
    func found(_ expectation: Expectation) throws(WorldError) -> String {
        let snapshot = try world.snapshot()
        switch expectation {
        case .credited(let productId, _):
            return String(snapshot.ledger.creditCount(productId: productId))
        case .balance(let currency, _):
            return String(snapshot.ledger.balances[currency] ?? 0)
        case .owned(let productId, _):
            return snapshot.ledger.owns(productId: productId, at: world.now) ? "yes" : "no"
        case .shared(let productId, _):
            return snapshot.ledger.shares(productId: productId, account: world.store.account, at: world.now) ? "yes" : "no"
        case .onReceipt(let productId, _):
            do {
                return String(try world.store.currentReceiptProducts().filter { $0 == productId }.count)
            } catch {
                throw .file(path: world.directory.storeDatabase, problem: error.problem)
            }
        case .pending:
            return String(snapshot.cache.orders.count)
        case .unfinished:
            return String(snapshot.transactions.filter(\.isUnfinished).count)
        case .lost:
            return String(snapshot.audit(catalog: world.catalog).lost)
        case .overcharged:
            return String(snapshot.audit(catalog: world.catalog).overcharged)
        case .notificationsPending:
            return String(snapshot.audit(catalog: world.catalog).notificationsPending ?? 0)
        case .auditOk:
            let audit = snapshot.audit(catalog: world.catalog)
            return audit.ok ? "ok" : "not ok (lost \(audit.lost), double-credited \(audit.doubleCredited), orphan credits \(audit.orphanCredits))"
        }
    }
}
