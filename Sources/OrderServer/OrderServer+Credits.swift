import Foundation
import IAPCore
import Storage

/// Crediting: what a credit grants (a balance, an entitlement and its end), non-renewing passes
/// proven by the receipt, and refunds that take an entitlement back.
extension OrderServer {
    /// A non-renewing subscription is never restored by the Store: the receipt, where it stays
    /// for good, is its proof. A check of the user's own receipt credits each one not credited
    /// yet (a purchase whose credit was lost, proven again after a reinstall). Returns how many.
    func creditNonRenewing(_ entries: [ReceiptEntry], account: String?, at now: Date, link: Link) throws(StorageError) -> Int {
        var credited = 0
        for entry in entries where !entry.revoked && (account == nil || account == entry.account) {
            guard let product = catalog.product(id: entry.productId), product.type == .nonRenewing else { continue }
            let grant = Self.grant(product, entry: entry)
            let new = try database.database.transaction { () throws(StorageError) -> Bool in
                try credit(product, entry: entry, grant: grant, at: now)
            }
            if new {
                link.note(.server(.creditedFromReceipt(entry.transactionId, grant: grant)), from: .server, to: nil,
                          transactionId: entry.transactionId)
                credited += 1
            }
        }
        return credited
    }

    /// Inserts the credit of a verified purchase and applies its grant, unless it was credited
    /// already; returns whether it was new. The caller holds the database transaction; with a
    /// `tally`, a consumable's grant is added to it, for the caller to write (`addToBalances`).
    func credit(_ product: Product, entry: ReceiptEntry, grant: Grant, at now: Date,
                tally: GrantTally? = nil) throws(StorageError) -> Bool {
        let inserted = try database.database.insertUnlessConflicting("""
            INSERT INTO credits(transaction_id, original_transaction_id, product_id, server_product_id,
                                account, date_millis, grant_text, grant)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                ServerDatabase.idValue(entry.transactionId), ServerDatabase.idValue(entry.originalTransactionId), .text(product.id),
                .optional(product.serverProductId), .text(entry.account),
                .integer(SimulatedTime.millis(now)), .text(grant.english), .text(grant.jsonText),
            ])
        if inserted {
            try apply(product, entry: entry, tally: tally)
        } else if !entry.isFamilyShared, !entry.account.isEmpty {
            try claim(entry)
        } else if entry.isFamilyShared, let expires = entry.expires {
            // A share renewed with the purchase it shares: the member's access lasts the new period.
            try database.database.query("UPDATE family_entitlements SET expires_millis = ? WHERE transaction_id = ? AND expires_millis < ?",
                                        [.integer(SimulatedTime.millis(expires)), ServerDatabase.idValue(entry.transactionId),
                                         .integer(SimulatedTime.millis(expires))])
        }
        return inserted
    }

    /// A purchase credited from a notification before any user of the app proved it names no
    /// account: the first user who proves it claims its credits and what they hold, with those
    /// of every renewal of it credited since. A purchase already claimed costs one indexed update
    /// that changes nothing.
    private func claim(_ entry: ReceiptEntry) throws(StorageError) {
        let original = ServerDatabase.idValue(entry.originalTransactionId)
        let before = database.database.totalChanges
        try database.database.query("UPDATE credits SET account = ? WHERE original_transaction_id = ? AND account = ''",
                                    [.text(entry.account), original])
        // An entitlement names no account only while a credit behind it names none.
        guard database.database.totalChanges != before else { return }
        let unclaimed = "account = '' AND transaction_id IN (SELECT transaction_id FROM credits WHERE original_transaction_id = ?)"
        let held = try database.database.rows(
            "SELECT product_id, transaction_id, expires_millis FROM entitlements WHERE \(unclaimed) ORDER BY transaction_id",
            [original], table: "entitlements", key: "product_id"
        ) { (row) throws(SQLiteColumnError) in
            (try row.text("product_id"), TransactionID(try row.integer("transaction_id")), try row.optionalInteger("expires_millis"))
        }
        for (productId, transactionId, expires) in held {
            guard let product = catalog.product(id: productId) else { continue }
            try hold(product, account: entry.account, transactionId: transactionId, expires: expires.map(SimulatedTime.date(millis:)))
        }
        try database.database.query("DELETE FROM entitlements WHERE \(unclaimed)", [original])
    }

    /// Every check of a receipt is a chance to learn of expiries brought forward and of refunds:
    /// an entitlement ends when the Store says it ended; a refunded purchase loses its entitlement.
    /// A purchase whose refund the Store reversed has the entitlement its refund ended
    /// reinstated. Returns how many entitlements were revoked.
    func revokeRefunded(_ entries: [ReceiptEntry]) throws(StorageError) -> Int {
        var revoked = 0
        let kept = try keptRevocations()
        if !kept.isEmpty {
            for entry in entries where !entry.revoked && kept.contains(entry.transactionId) {
                _ = try reinstate(entry.transactionId, productId: entry.productId, reversedMillis: nil)
            }
        }
        for entry in Self.currentPeriods(entries) where !entry.revoked {
            guard let ends = entry.expires else { continue }
            // In a billing grace period access lasts until the grace period ends.
            let expires = max(ends, entry.graceExpires ?? ends)
            let comparison = entry.graceExpires == nil ? ">" : "!="
            try database.database.query(
                "UPDATE entitlements SET expires_millis = ? WHERE product_id = ? AND transaction_id = ? AND expires_millis \(comparison) ?",
                [.integer(SimulatedTime.millis(expires)), .text(entry.productId), ServerDatabase.idValue(entry.transactionId),
                 .integer(SimulatedTime.millis(expires))])
            if entry.isFamilyShared {
                // A share lasts as long as the purchase it shares: renewed, or ended early.
                try database.database.query("UPDATE family_entitlements SET expires_millis = ? WHERE transaction_id = ?",
                                            [.integer(SimulatedTime.millis(expires)), ServerDatabase.idValue(entry.transactionId)])
            }
        }
        for entry in entries where entry.revoked {
            let held = try heldEntitlement(of: entry.transactionId, productId: entry.productId)
            let before = held == nil ? 0 : 1
            try keepRevocation(of: entry.transactionId, productId: entry.productId, held: held, tookBack: false)
            try database.database.query("DELETE FROM entitlements WHERE product_id = ? AND transaction_id = ?",
                                        [.text(entry.productId), ServerDatabase.idValue(entry.transactionId)])
            revoked += before + (try revokeShare(entry.transactionId))
        }
        return revoked
    }

    /// Ends what a family member held through a shared transaction the Store revoked; returns
    /// how many entitlements it ended (0 or 1), so that a revocation told twice ends it once.
    func revokeShare(_ transactionId: TransactionID) throws(StorageError) -> Int {
        let held = try database.database.rows(
            "SELECT COUNT(*) AS matching FROM family_entitlements WHERE transaction_id = ?", [ServerDatabase.idValue(transactionId)],
            table: "family_entitlements", key: "matching"
        ) { (row) throws(SQLiteColumnError) in Int(try row.integer("matching")) }.reduce(0, +)
        try database.database.query("DELETE FROM family_entitlements WHERE transaction_id = ?", [ServerDatabase.idValue(transactionId)])
        return held
    }

    /// A refunded consumable the Server had credited gives its grant back: Apple, "Handling
    /// refund notifications": "you can build your own in-game currency balance adjustment logic to
    /// handle refunded transactions". Called once per refund, as its notification is processed
    /// once; a consumable never credited has nothing to give back. Returns what it took back.
    func takeBackGrant(of transactionId: TransactionID, productId: String) throws(StorageError) -> [String: Int] {
        guard let product = catalog.product(id: productId), product.type == .consumable,
              try database.account(credited: transactionId) != nil else { return [:] }
        for part in product.grantInOrder {
            try changeBalance(part.currency, by: -Int64(part.amount))
        }
        return product.grant
    }

    /// The entry that tells the current period of each product of each subscription: of every
    /// transaction a receipt lists with the same original id and product (a subscription's
    /// purchase and each renewal; a plan an upgrade replaced keeps the original id, and the period
    /// it ended early is its product's last), the most recent. Apple, `responseBody.Receipt.In_app`:
    /// "The in_app array is not in chronological order"; "For receipts containing auto-renewable
    /// subscriptions, check the value of the responseBody.Latest_receipt_info key of the response
    /// to get the status of the most recent renewal." One entry a plan of a subscription, so a
    /// check costs the Server one update a plan, not one a renewal. Only a purchase with a period
    /// end has one: the many unfinished consumables a long receipt lists are passed over, not
    /// gathered and sorted.
    static func currentPeriods(_ entries: [ReceiptEntry]) -> [ReceiptEntry] {
        let periodic = Set(entries.lazy.filter { $0.expires != nil }.map(\.originalTransactionId))
        guard !periodic.isEmpty else { return [] }
        var latest: [Plan: ReceiptEntry] = [:]
        for entry in entries where periodic.contains(entry.originalTransactionId) {
            let plan = Plan(originalTransactionId: entry.originalTransactionId, productId: entry.productId)
            if let known = latest[plan], (known.purchaseDate, known.transactionId) > (entry.purchaseDate, entry.transactionId) { continue }
            latest[plan] = entry
        }
        return latest.values.sorted { $0.transactionId < $1.transactionId }
    }

    /// One product of a subscription, whose periods follow one another.
    private struct Plan: Hashable {
        let originalTransactionId: TransactionID
        let productId: String
    }

    /// Writes the balances a tally of credits granted.
    func addToBalances(_ tally: GrantTally) throws(StorageError) {
        for currency in tally.currencies {
            try changeBalance(currency, by: Int64(tally.amounts[currency] ?? 0))
        }
    }

    /// Adds `change` (negative: takes it back) to the balance of `currency`, which starts at 0:
    /// the sum made here, so that one past Int64's range is refused, nothing written (the
    /// caller's transaction, and the credit in it, rolled back), where SQLite would have made
    /// the balance a floating-point number no reader takes.
    func changeBalance(_ currency: String, by change: Int64) throws(StorageError) {
        let balance = Int64(try database.balance(of: currency))
        let (sum, overflow) = balance.addingReportingOverflow(change)
        guard !overflow else {
            throw StorageError(path: database.database.path, reason: .integerOverflow(
                table: "balances", row: "currency \(LineText.quoted(currency))", column: "amount", value: balance, change: change))
        }
        try database.database.query("""
            INSERT INTO balances(currency, amount) VALUES(?, ?)
            ON CONFLICT(currency) DO UPDATE SET amount = excluded.amount
            """, [.text(currency), .integer(sum)])
    }

    private func apply(_ product: Product, entry: ReceiptEntry, tally: GrantTally?) throws(StorageError) {
        if entry.isFamilyShared {
            try database.database.query("""
                INSERT INTO family_entitlements(account, product_id, transaction_id, expires_millis) VALUES(?, ?, ?, ?)
                ON CONFLICT(account, product_id) DO UPDATE
                SET transaction_id = excluded.transaction_id, expires_millis = excluded.expires_millis
                """, [.text(entry.account), .text(product.id), ServerDatabase.idValue(entry.transactionId),
                      (entry.expires ?? Self.expiry(product, purchased: entry.purchaseDate)).map { .integer(SimulatedTime.millis($0)) } ?? .null])
            return
        }
        switch product.type {
        case .consumable:
            if let tally {
                tally.add(product.grantInOrder)
                return
            }
            for part in product.grantInOrder {
                try changeBalance(part.currency, by: Int64(part.amount))
            }
        case .nonConsumable, .autoRenewable, .nonRenewing:
            try hold(product, account: entry.account, transactionId: entry.transactionId,
                     expires: entry.expires ?? Self.expiry(product, purchased: entry.purchaseDate))
        }
    }

    /// `account` holds `product` through `transactionId` until `expires` (for good when nil),
    /// unless it holds it longer already; a subscription replaces the account's others of its group.
    func hold(_ product: Product, account: String, transactionId: TransactionID, expires: Date?) throws(StorageError) {
        if product.type == .autoRenewable {
            let others = catalog.products.filter { $0.group == product.group && $0.id != product.id }.map(\.id)
            for other in others {
                try database.database.query("DELETE FROM entitlements WHERE account = ? AND product_id = ?",
                                            [.text(account), .text(other)])
            }
        }
        try database.database.query("""
            INSERT INTO entitlements(account, product_id, transaction_id, expires_millis) VALUES(?, ?, ?, ?)
            ON CONFLICT(account, product_id) DO UPDATE
            SET transaction_id = excluded.transaction_id, expires_millis = excluded.expires_millis
            WHERE excluded.expires_millis IS NULL
               OR (entitlements.expires_millis IS NOT NULL AND excluded.expires_millis > entitlements.expires_millis)
            """, [.text(account), .text(product.id), ServerDatabase.idValue(transactionId),
                  expires.map { .integer(SimulatedTime.millis($0)) } ?? .null])
    }

    private static func expiry(_ product: Product, purchased: Date) -> Date? {
        switch product.type {
        case .autoRenewable: return product.period?.added(to: purchased)
        case .nonRenewing: return product.duration?.added(to: purchased)
        case .consumable, .nonConsumable: return nil
        }
    }

    /// What crediting `entry` of `product` grants: a subscription is owned until its period ends.
    static func grant(_ product: Product, entry: ReceiptEntry) -> Grant {
        Grant(product, until: entry.expires ?? expiry(product, purchased: entry.purchaseDate))
    }
}
