import Foundation
import IAPCore
import Storage

/// The Server's ledger as one reader of its writes keeps it from read to read
/// (`OrderServer.ledger(updating:)`): credits are only ever added, so a read takes the credits
/// added since and the other parts whose table was written, and keeps the rest.
public struct KeptLedger: Sendable {
    public let ledger: Ledger
    /// How many of `ledger.credits` were kept from the ledger it updated (those after are new);
    /// 0 when every credit was read again.
    public let keptCredits: Int
    /// The number of the newest credit read; nil when there is none.
    let lastSeq: Int64?
}

extension OrderServer {
    /// The ledger now, from `kept` and what this Server wrote since it was read: all of it read
    /// again when there is no `kept`, when the writes are unknown (`SQLiteChanges`), or when a
    /// credit already read was changed.
    public func ledger(updating kept: KeptLedger?) throws(ServerError) -> KeptLedger {
        let changes = database.database.takeChanges()
        do {
            return try database.database.reading { () throws(StorageError) -> KeptLedger in
                guard let kept, let written = changes.rows(of: "credits"),
                      written.allSatisfy({ seq in kept.lastSeq.map { seq > $0 } ?? true }) else {
                    let (ledger, lastSeq) = try database.readLedger()
                    return KeptLedger(ledger: ledger, keptCredits: 0, lastSeq: lastSeq)
                }
                return try update(kept, changes)
            }
        } catch {
            throw ServerError(error)
        }
    }

    /// `kept` with the credits added since, and each other part read again if its table was written.
    private func update(_ kept: KeptLedger, _ changes: SQLiteChanges) throws(StorageError) -> KeptLedger {
        let old = kept.ledger
        func written(_ table: String) -> Bool { changes.rows(of: table)?.isEmpty != true }
        var credits = old.credits
        let added = written("credits") ? try database.credits(after: kept.lastSeq) : []
        for (_, credit) in added { credits.append(credit) }
        let (entitlements, shared) = written("entitlements") || written("family_entitlements")
            ? try database.readEntitlements() : (old.entitlements, old.familyEntitlements)
        let ledger = Ledger(
            credits: credits, balances: written("balances") ? try database.balances() : old.balances,
            entitlements: entitlements, rejections: written("rejections") ? try database.rejections() : old.rejections,
            notifications: written("notifications") ? try database.processedNotifications() : old.notifications,
            familyEntitlements: shared, takenBack: written("revocations") ? try database.takenBack() : old.takenBack)
        return KeptLedger(ledger: ledger, keptCredits: old.credits.count, lastSeq: added.last?.seq ?? kept.lastSeq)
    }
}
