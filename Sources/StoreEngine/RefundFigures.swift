import Foundation
import IAPCore
import Storage

/// What the Store paid back and the prices it kept, as its files hold them, by transaction: what
/// a reader beside the Store (the audit) needs to weigh each refund against its charge.
public struct RefundFigures: Sendable, Equatable {
    /// The prorated refund of each period an upgrade or a crossgrade ended.
    public var prorated: [TransactionID: Decimal] = [:]
    /// What each refund paid back; a refund the Store made before it kept the figure paid back
    /// the whole charge.
    public var refunded: [TransactionID: Decimal] = [:]
    /// The price of each transaction charged at a price other than the catalog's (a price increase).
    public var kept: [TransactionID: Decimal] = [:]

    public init(prorated: [TransactionID: Decimal] = [:], refunded: [TransactionID: Decimal] = [:],
                kept: [TransactionID: Decimal] = [:]) {
        self.prorated = prorated
        self.refunded = refunded
        self.kept = kept
    }

    /// Reads them from `database`.
    static let proratedRefundPrefix = "prorated-refund:"
    static let refundAmountPrefix = "refund-amount:"

    static func read(in database: StoreDatabase) throws(StorageError) -> RefundFigures {
        RefundFigures(prorated: try amounts(Self.proratedRefundPrefix, in: database),
                      refunded: try amounts(Self.refundAmountPrefix, in: database),
                      kept: try amounts(Prices.chargedPrefix, in: database))
    }

    /// The amounts kept under the settings of `prefix`, by transaction, read in one query.
    static func amounts(_ prefix: String, in database: StoreDatabase) throws(StorageError) -> [TransactionID: Decimal] {
        try database.settingsByTransaction(prefix) { Decimal(string: $0) }
    }

    /// What `record` paid back in all (its prorated refund, then its refund), when more than it
    /// charged (`charged`, as `Store.chargedPrice` works it out): nil when within the charge.
    public func paidBack(_ record: StoreRecord, beyond charged: Decimal) -> Decimal? {
        let total = (prorated[record.id] ?? 0) + (record.refunded ? refunded[record.id] ?? charged : 0)
        return total > charged ? total : nil
    }
}

extension Store {
    /// The refunds and kept prices of a possibly live database.
    public static func readRefundFigures(path: String) throws(StorageError) -> RefundFigures {
        try RefundFigures.read(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The refunds and kept prices, read in three queries.
    public func refundFigures() throws(StoreError) -> RefundFigures {
        try store { () throws(StorageError) in try RefundFigures.read(in: database) }
    }

    /// What `record` charged, bought under `offer` (a free trial's is the introductory offer) with
    /// `kept` the price a price increase kept for it, by `catalog`'s terms: the price of the offer
    /// (nothing for a trial), else the kept price, else the catalog's. What a reader of the
    /// Store's files, without the Store, works out the same way.
    public static func chargedPrice(of record: StoreRecord, offer: AppliedOffer?, kept: Decimal?, catalog: Catalog) -> Decimal {
        if let offer, let product = catalog.product(id: record.productId), let terms = offer.terms(of: product) {
            return terms.chargedPrice
        }
        guard record.kind != .trial else { return 0 }
        return kept ?? catalog.product(id: record.productId)?.price ?? 0
    }
}
