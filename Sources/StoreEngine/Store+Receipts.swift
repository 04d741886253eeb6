import Foundation
import IAPCore
import Storage

extension Store {
    /// A signed receipt, as the app receipt is: the purchase it is handed out with, and what the
    /// account's receipt holds (`ReceiptHoldings`).
    func receipt(proving purchase: StoreRecord) throws(StorageError) -> String {
        try receipt(account: purchase.account, leading: purchase)
    }

    /// The account's receipt, led by one purchase when there is one: what a refresh hands out.
    func receipt(account: String, leading purchase: StoreRecord?) throws(StorageError) -> String {
        receipt(account: account, leading: purchase, holdings: try holdings(of: account))
    }

    /// The account's receipt from holdings already read.
    func receipt(account: String, leading purchase: StoreRecord?, holdings: ReceiptHoldings) -> String {
        Receipt(environment: Receipt.Environment(switches.environment), account: account,
                inApp: holdings.purchases(leading: purchase).map(Self.receiptPurchase)).encoded(signer: signer)
    }

    /// The products of the purchases the signed-in account's receipt lists now, one per purchase,
    /// as a refresh would hand the receipt out.
    public func currentReceiptProducts() throws(StoreError) -> [String] {
        try store { () throws(StorageError) in try holdings(of: account).purchases(leading: nil).map(\.productId) }
    }

    /// What the account's receipt lists, read by two indexed queries: the latest transaction of
    /// each lasting purchase, and the unfinished consumables.
    func holdings(of account: String) throws(StorageError) -> ReceiptHoldings {
        let consumables = catalog.products(ofType: .consumable).map(\.id)
        let lasting = catalog.products.filter { $0.type != .consumable }.map(\.id)
        return ReceiptHoldings(try database.latestPaid(account: account, products: lasting, withReceipts: false)
                               + database.unfinishedPaid(account: account, products: consumables), catalog: catalog)
    }

    private static func receiptPurchase(_ record: StoreRecord) -> Receipt.Purchase {
        Receipt.Purchase(transactionId: record.id.description, originalTransactionId: record.originalId.description, productId: record.productId,
                         purchaseDateMillis: SimulatedTime.millis(record.date))
    }

    /// `verifyReceipt`: the status code and, when the receipt is authentic, what it proves, with
    /// each purchase's current expiry and whether it was refunded since. When the request names a
    /// restore transaction, the purchase it restores says so.
    func verify(_ check: ReceiptCheck) throws(StorageError) -> ReceiptCheckResult {
        let (status, receipt) = authenticate(check)
        guard let receipt, status == .valid else {
            return ReceiptCheckResult(status: status, entries: [], check: check)
        }
        var restoring: StoreRecord?
        if let requested = check.request.transactionId, let record = try database.record(id: requested),
           record.kind == .restore, record.account == receipt.account {
            restoring = record
        }
        guard let entries = try entries(of: receipt, restoring: restoring) else {
            return ReceiptCheckResult(status: .malformed, entries: [], check: check)
        }
        return ReceiptCheckResult(status: .valid, entries: entries, check: check)
    }

    /// The status of a request before its purchases are read, in the order Apple's service
    /// meets them: the method, the service, the receipt's form and signature, the endpoint,
    /// and the shared secret a receipt with auto-renewable subscriptions needs.
    private func authenticate(_ check: ReceiptCheck) -> (ReceiptStatus, Receipt?) {
        guard check.usesPost else { return (.notPost, nil) }
        switch switches.verification {
        case .down: return (.serviceUnavailable, nil)
        case .temporaryIssue: return (.malformed, nil)
        case .up: break
        }
        let (status, receipt) = Receipt.decode(check.request.receipt, signer: signer)
        guard let receipt else { return (status, nil) }
        switch (receipt.environment.storeEnvironment, check.environment) {
        case (.sandbox, .production): return (.sandboxReceiptInProduction, nil)
        case (.production, .sandbox): return (.productionReceiptInSandbox, nil)
        default: break
        }
        let subscribes = receipt.inApp.contains { catalog.product(id: $0.productId)?.type == .autoRenewable }
        if subscribes && check.sharedSecret != sharedSecret {
            return (.wrongSharedSecret, nil)
        }
        return (.valid, receipt)
    }
}
