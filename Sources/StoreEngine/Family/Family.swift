import Foundation
import IAPCore
import Storage

/// Family Sharing. Accounts join a family group (`family:NAME` settings name each member's
/// group); a purchase of a product the catalog shares (`Product.isFamilyShared`) gives every other
/// member a transaction of its own, `familyShare`, charged nothing and left unfinished in the
/// member's queue as a purchase is. Apple, "Supporting Family Sharing in your app": "When users
/// share a purchase through Family Sharing, each family member gets their own unique receipts
/// and transactions." A refund to the purchaser, or the purchaser or the member leaving, revokes
/// the share and posts `REVOKE` for it. It keeps nothing in memory.
final class Family: StoreService {
    /// The most accounts a family holds: the purchaser and "up to five family members".
    static let size = 6

    private static let familyPrefix = "family:"
    private static let knownPrefix = "known-account:"

    let context: StoreContext
    private let signatures: Signatures
    private let receipts: Receipts
    private let notifications: Notifications
    private let periods: SubscriptionPeriods

    init(context: StoreContext, signatures: Signatures, receipts: Receipts, notifications: Notifications, periods: SubscriptionPeriods) {
        self.context = context
        self.signatures = signatures
        self.receipts = receipts
        self.notifications = notifications
        self.periods = periods
    }

    /// Each account in a family, with its group (the account that started the family).
    func families() throws(StoreError) -> [String: String] {
        try store { () throws(StorageError) in try database.settings(prefix: Self.familyPrefix) }
    }

    /// Remembers that the device signed into `name`, so that a family can take it in.
    func remember(account name: String) throws(StorageError) {
        try database.setSetting(Self.knownPrefix + name, "yes")
    }

    /// The accounts StoreSim knows: `demo`, every account the device signed into, and every
    /// account a transaction belongs to.
    private func knownAccounts() throws(StorageError) -> Set<String> {
        var known: Set<String> = ["demo", account]
        known.formUnion(try database.settings(prefix: Self.knownPrefix).keys)
        known.formUnion(try database.database.rows("SELECT DISTINCT account FROM transactions", table: "transactions", key: "account") {
            (row) throws(SQLiteColumnError) in try row.text("account")
        })
        return known
    }

    /// `name` joins the signed-in account's family (started now when it has none). Every
    /// shareable purchase of a member is shared with every other member who lacks it. Returns the
    /// shares made, for the running app of the signed-in account to receive its own.
    func addToFamily(_ name: String, at now: Date) throws(StoreError) -> [StoreRecord] {
        let (groups, known) = try store { () throws(StorageError) in (try database.settings(prefix: Self.familyPrefix), try knownAccounts()) }
        guard name != account else { throw .refused(.joinsOwnFamily(account: name)) }
        guard known.contains(name) else {
            throw .refused(.unknownAccount(name))
        }
        let group = groups[account] ?? account
        if let theirs = groups[name] {
            throw .refused(theirs == group ? .inFamilyAlready(account: name, family: account) : .inAnotherFamily(account: name))
        }
        let members = groups.filter { $0.value == group }.map(\.key) + (groups[account] == nil ? [account] : [])
        guard members.count < Self.size else {
            throw .refused(.familyFull(family: account, members: Self.size))
        }
        return try store { () throws(StorageError) -> [StoreRecord] in
            try database.database.transaction { () throws(StorageError) -> [StoreRecord] in
                if groups[account] == nil { try database.setSetting(Self.familyPrefix + account, group) }
                try database.setSetting(Self.familyPrefix + name, group)
                var shares: [StoreRecord] = []
                for member in members + [name] {
                    for purchase in try shareablePurchases(of: member, at: now) {
                        shares += try share(purchase, with: (members + [name]).filter { $0 != member }, at: now)
                    }
                }
                return shares
            }
        }
    }

    /// `name` leaves its family: the shares it received and the shares of its purchases the
    /// others received are revoked, each told by `REVOKE` (reason 0: Apple, `revocationReason`:
    /// "For Family Sharing transactions, the revocation reason value is 0 if the customer leaves
    /// the family group or the owner stops sharing."). Returns the revoked shares.
    func leaveFamily(_ name: String, at now: Date) throws(StoreError) -> [StoreRecord] {
        let groups = try families()
        guard groups[name] != nil else { throw .refused(.notInFamily(account: name)) }
        return try store { () throws(StorageError) -> [StoreRecord] in
            try database.database.transaction { () throws(StorageError) -> [StoreRecord] in
                try database.removeSetting(Self.familyPrefix + name)
                return try revokeShares(where: "account = ?", [.text(name)], reason: .other, at: now)
                    + revokeShares(where: "shared_from IN (SELECT original_id FROM transactions WHERE account = ? AND kind != 'family-share')",
                                   [.text(name)], reason: .other, at: now)
            }
        }
    }

    /// Shares a purchase just charged with the other members of its purchaser's family, when the
    /// catalog shares its product.
    func shareWithFamily(_ purchase: StoreRecord, link: Link) throws(StorageError) {
        guard catalog.product(id: purchase.productId)?.isFamilyShared == true else { return }
        let groups = try database.settings(prefix: Self.familyPrefix)
        guard let group = groups[purchase.account] else { return }
        let members = groups.filter { $0.value == group && $0.key != purchase.account }.map(\.key)
        for share in try share(purchase, with: members, at: link.now) {
            link.note(.store(Self.shared(share)), from: .store, to: nil, transactionId: share.id)
        }
    }

    /// Tells the timeline when the account that just paid for `purchase` already had its product
    /// through Family Sharing. Apple documents a transaction of each kind for one customer, not a
    /// purchase refused for a share: `Transaction.ownershipType` tells "whether the customer
    /// purchased the product or has access to it through Family Sharing", and `purchased` is "The
    /// transaction belongs to the purchaser." So the member's own purchase is charged, and it is
    /// theirs (PURCHASED), beside the share they keep.
    func tellSharedAlready(_ purchase: StoreRecord, link: Link) throws(StorageError) {
        guard catalog.product(id: purchase.productId)?.isFamilyShared == true else { return }
        guard let share = try database.records(
            where: "account = ? AND product_id = ? AND kind = 'family-share' AND refunded = 0",
            [.text(purchase.account), .text(purchase.productId)], withReceipts: false)
            .last(where: { periods.expiry(of: $0).map { $0 > link.now } ?? true }) else { return }
        link.note(.store(.boughtWhileShared(account: purchase.account, productId: purchase.productId, shared: share.id)), from: .store,
                  to: nil, transactionId: purchase.id)
    }

    /// How the timeline tells a share made.
    static func shared(_ share: StoreRecord) -> StoreStep {
        .familyShared(account: share.account, productId: share.productId, share.id)
    }

    /// The member's purchases the family shares: the latest paid, unrefunded transaction of each
    /// shareable product it bought, a subscription only while its period lasts.
    private func shareablePurchases(of member: String, at now: Date) throws(StorageError) -> [StoreRecord] {
        let shared = catalog.products.filter(\.isFamilyShared).map(\.id)
        return try database.latestPaid(account: member, products: shared, where: "refunded = 0 AND state = 'purchased'", withReceipts: false)
            .filter { record in periods.expiry(of: record).map { $0 > now } ?? true }
    }

    /// Gives each of `members` who has no live share of `purchase` (of its run, for a
    /// subscription) one, unfinished in its queue.
    private func share(_ purchase: StoreRecord, with members: [String], at now: Date) throws(StorageError) -> [StoreRecord] {
        var made: [StoreRecord] = []
        let run = purchase.kind == .renewal ? try database.runStart(of: purchase.originalId, at: purchase.id) : purchase.id
        for member in members.sorted() {
            let held = try database.records(
                where: "account = ? AND kind = 'family-share' AND refunded = 0 AND shared_from = ? AND id > ?",
                [.text(member), StoreDatabase.idValue(purchase.originalId), StoreDatabase.idValue(run)], withReceipts: false)
            guard held.isEmpty else { continue }
            let id = try database.nextTransactionId()
            let share = StoreRecord(
                id: id, originalId: id, productId: purchase.productId, account: member, state: .purchased, kind: .familyShare,
                charged: false, finished: false, refunded: false, date: now, error: nil, receipt: nil, sharedFrom: purchase.originalId)
            let signed = try signatures.signing(share.with(receipt: try receipts.receipt(proving: share, at: now)), at: now)
            try database.insert(signed)
            made.append(signed)
        }
        return made
    }

    /// A renewal of a shared subscription renews each live share with it: the share's period is
    /// the purchase's, signed anew (`DID_RENEW` tells the Server about each share, `notify`).
    func renewShares(of renewal: StoreRecord, at now: Date) throws(StorageError) {
        let run = try database.runStart(of: renewal.originalId, at: renewal.id)
        for share in try database.records(where: "kind = 'family-share' AND refunded = 0 AND shared_from = ? AND id > ?",
                                          [StoreDatabase.idValue(renewal.originalId), StoreDatabase.idValue(run)]) {
            try database.update(try signatures.signing(share, at: now))
        }
    }

    /// The live shares of the run `latest` belongs to follow its period's new end, each signed
    /// again and told by `RENEWAL_EXTENDED`: Apple, "When this endpoint extends eligible purchased
    /// subscriptions that support Family Sharing, it automatically extends the family members'
    /// subscriptions as well."
    func extendShares(of latest: StoreRecord, at now: Date) throws(StorageError) {
        let run = try database.runStart(of: latest.originalId, at: latest.id)
        for share in try database.records(where: "kind = 'family-share' AND refunded = 0 AND shared_from = ? AND id > ?",
                                          [StoreDatabase.idValue(latest.originalId), StoreDatabase.idValue(run)]) {
            let signed = try signatures.signing(share, at: now)
            try database.update(signed)
            try notifications.notify(.renewalExtended, about: signed, at: now)
        }
    }

    /// Revokes the live shares of `purchase` refunded, each told by `REVOKE`: of a subscription,
    /// those made in the run it belongs to. Returns them.
    func revokeShares(of purchase: StoreRecord, reason: RevocationReason, at now: Date) throws(StorageError) -> [StoreRecord] {
        let start = try database.runStart(of: purchase.originalId, at: purchase.id)
        let next = try database.nextRunStart(of: purchase.originalId, after: purchase.id)
        return try revokeShares(where: "shared_from = ? AND id > ? AND id < ?",
                                [StoreDatabase.idValue(purchase.originalId), StoreDatabase.idValue(start),
                                 next.map(StoreDatabase.idValue) ?? .integer(.max)], reason: reason, at: now)
    }

    /// Revokes the live shares that meet `condition`, each told by `REVOKE`; returns them.
    func revokeShares(where condition: String, _ values: [SQLiteValue], reason: RevocationReason,
                      at now: Date) throws(StorageError) -> [StoreRecord] {
        var revoked: [StoreRecord] = []
        for share in try database.records(where: "kind = 'family-share' AND refunded = 0 AND \(condition)", values) {
            let record = try signatures.signing(share.with(refunded: true, refundDate: now, refundReason: reason), at: now)
            try database.update(record)
            try notifications.notify(.revoke, about: record, at: now)
            revoked.append(record)
        }
        return revoked
    }

    /// Every share of a purchase (by its original transaction id), live or revoked, oldest first.
    func shares(of originalId: TransactionID) throws(StoreError) -> [StoreRecord] {
        try store { () throws(StorageError) in
            try database.records(where: "kind = 'family-share' AND shared_from = ?", [StoreDatabase.idValue(originalId)], withReceipts: false)
        }
    }

    /// The account's live shares of these products, oldest first.
    func liveShares(account: String, products: [String]) throws(StorageError) -> [StoreRecord] {
        let products = Set(products)
        return try database.records(where: "account = ? AND kind = 'family-share' AND refunded = 0", [.text(account)])
            .filter { products.contains($0.productId) }
    }

    /// A running app of the signed-in account receives its shares made or revoked now: a new
    /// share as a purchase in its queue (StoreKit 1) or through `Transaction.updates`, a revoked
    /// one through `Transaction.updates` (StoreKit 2).
    func tellShares(_ shares: [StoreRecord], link: Link) throws(StoreError) {
        for share in shares where share.account == account {
            if share.refunded {
                try signatures.tellRevocation(share, link: link)
            } else {
                try store { () throws(StorageError) in try signatures.deliver(share, link: link) }
            }
        }
    }
}
