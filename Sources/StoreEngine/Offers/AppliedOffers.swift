import IAPCore
import Storage

/// The offers transactions were bought or renewed under (`AppliedOffer`), by transaction: kept in
/// `store.sqlite` and, in memory, so that expiries and prices read no setting. It owns that cache:
/// `keep` writes both, nothing else writes either.
final class AppliedOffers {
    static let offerPrefix = "offer:"

    private let database: StoreDatabase
    /// Every transaction's offer (a free trial, kept as the transaction's kind, is not among them).
    var byTransaction: [TransactionID: AppliedOffer]

    init(database: StoreDatabase) throws(StorageError) {
        self.database = database
        byTransaction = try Self.appliedOffers(in: database)
    }

    static func appliedOffers(in database: StoreDatabase) throws(StorageError) -> [TransactionID: AppliedOffer] {
        try database.settingsByTransaction(offerPrefix, AppliedOffer.init(stored:))
    }

    /// The offer `record` was bought or renewed under; nil for one at the regular price.
    func offer(of record: StoreRecord) -> AppliedOffer? {
        record.kind == .trial ? AppliedOffer(type: .introductory, id: nil) : byTransaction[record.id]
    }

    /// The terms of the offer `record` was bought under, from `catalog`.
    func terms(of record: StoreRecord, in catalog: Catalog) -> IntroductoryOffer? {
        guard let applied = offer(of: record), let product = catalog.product(id: record.productId) else { return nil }
        return applied.terms(of: product)
    }

    /// Keeps the offer a transaction was charged under.
    func keep(_ offer: AppliedOffer, for id: TransactionID) throws(StorageError) {
        try database.setSetting(Self.offerPrefix + id.description, offer.stored)
        byTransaction[id] = offer
    }
}
