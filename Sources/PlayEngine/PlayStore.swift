import Foundation
import IAPCore
import Storage

/// The simulated Google Play, its one-time products and its subscriptions' base plans
/// (`basePlans`): the Billing Library's calls on the device
/// (`launchBillingFlow`, `queryPurchasesAsync`, `acknowledgePurchase`, `consumeAsync`), the
/// Developer API's on the Server (`purchases.products.get/acknowledge/consume`, the Voided
/// Purchases API), the pending payments that complete or are canceled later, refunds, and the
/// three-day rule. It keeps every purchase in `play.sqlite`; each change is one SQLite
/// transaction, so a crash leaves a purchase as it was before the call or after it, never half
/// written. It reads no wall clock: every call that changes or reads time is given the simulated
/// clock's `now`.
public final class PlayStore {
    let database: PlayDatabase
    let identifiers: PlayIdentifiers
    /// Whether this Play was created now, rather than opened as it was left.
    public let isNew: Bool
    /// The subscriptions' base plans Play sells, by the catalog's product id
    /// (`PlayBasePlan.plans(of:)`); every other product is a one-time product.
    public var basePlans: [String: PlayBasePlan] = [:]

    /// The setting that keeps the world's secret (`PlaySecret`).
    static let secretSetting = "secret"

    /// Opens (creating when needed) Play's database at `path`. A new Play draws its secret from
    /// the system's random source, or derives it from `seed` when one is given, and keeps it in
    /// `play.sqlite`; an existing one keeps the secret it has, whatever `seed` says. A damaged
    /// file, or a database of another kind, is refused with one `StorageError` naming the file,
    /// and left as it is.
    public init(path: String, seed: UInt64?) throws(PlayError) {
        do {
            database = try PlayDatabase(path: path, readOnly: false)
            if let stored = try database.setting(Self.secretSetting, as: { PlaySecret(text: $0) }) {
                identifiers = PlayIdentifiers(secret: stored)
                isNew = false
            } else {
                let secret = PlaySecret(seed: seed)
                try database.setSetting(Self.secretSetting, secret.text)
                identifiers = PlayIdentifiers(secret: secret)
                isNew = true
            }
        } catch {
            throw .storage(error)
        }
    }

    /// The Developer API's access token (`Authorization: Bearer TOKEN`) a served world accepts:
    /// the same for a world from one `serve` to the next.
    public var accessToken: String { identifiers.accessToken }

    /// Every purchase Play issued, in the order issued.
    public func records() throws(PlayError) -> [PlayPurchaseRecord] {
        try read { () throws(StorageError) in try database.all() }
    }

    /// Runs a read of the database, its error as Play's.
    func read<Value>(_ body: () throws(StorageError) -> Value) throws(PlayError) -> Value {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }

    /// Runs `body` as one SQLite transaction: committed when it returns, rolled back when it
    /// fails. A body decides whether Play refuses before it writes anything, so a refusal leaves
    /// the file as it was.
    func change<Value>(_ body: () throws(StorageError) -> Result<Value, PlayRefusal>) throws(PlayError) -> Value {
        let result: Result<Value, PlayRefusal>
        do {
            result = try database.database.transaction(body)
        } catch {
            throw .storage(error)
        }
        switch result {
        case .success(let value): return value
        case .failure(let refusal): throw .refused(refusal)
        }
    }
}

extension PlayStore {
    /// Every purchase in the Play database at `path`, read without writing anything (for
    /// `audit` and `state` beside a running world); none when the file is not there.
    public static func readRecords(path: String) throws(PlayError) -> [PlayPurchaseRecord] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        do {
            return try PlayDatabase(path: path, readOnly: true).all()
        } catch {
            throw .storage(error)
        }
    }

    /// Every Real-time developer notification in the Play database at `path`, read without
    /// writing anything; none when the file is not there.
    public static func readNotifications(path: String) throws(PlayError) -> [PublishedNotification] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        do {
            return try PlayDatabase(path: path, readOnly: true).notifications()
        } catch {
            throw .storage(error)
        }
    }
}
