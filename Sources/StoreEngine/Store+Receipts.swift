import Foundation
import IAPCore
import Storage

extension Store {
    /// A signed receipt, as the app receipt is: the purchase it is handed out with, and every
    /// non-consumable and current subscription the account has bought.
    func receipt(proving purchase: StoreRecord) throws(StorageError) -> String {
        try receipt(account: purchase.account, leading: purchase)
    }

    /// The account's receipt, led by one purchase when there is one: what a refresh hands out.
    func receipt(account: String, leading purchase: StoreRecord?) throws(StorageError) -> String {
        receipt(account: account, leading: purchase, holdings: try holdings(of: account))
    }

    /// The account's receipt from holdings already read.
    func receipt(account: String, leading purchase: StoreRecord?, holdings: ReceiptHoldings) -> String {
        Receipt(environment: .production, account: account,
                inApp: holdings.purchases(leading: purchase).map(Self.receiptPurchase)).encoded(signer: signer)
    }

    /// What the account's receipt lists: the latest charged transaction of each non-consumable
    /// and subscription it bought, found through the index, not by reading its history.
    func holdings(of account: String) throws(StorageError) -> ReceiptHoldings {
        let held = catalog.products.filter { $0.type == .nonConsumable || $0.type == .autoRenewable }.map(\.id)
        return ReceiptHoldings(try database.latestPaid(account: account, products: held), catalog: catalog)
    }

    private static func receiptPurchase(_ record: StoreRecord) -> Receipt.Purchase {
        Receipt.Purchase(transactionId: record.id.description, originalTransactionId: record.originalId.description, productId: record.productId,
                         purchaseDateMillis: Int64(record.date.timeIntervalSince1970 * 1000))
    }

    /// `verifyReceipt`: the status code and, when the receipt is authentic, what it proves, with
    /// each purchase's current expiry and whether it was refunded since. When the request names a
    /// restore transaction, the purchase it restores says so.
    func verify(_ check: ReceiptCheck) throws(StorageError) -> ReceiptCheckResult {
        guard switches.verificationAvailable else {
            return ReceiptCheckResult(status: .serviceUnavailable, entries: [], request: check.request)
        }
        let (status, receipt) = Receipt.decode(check.request.receipt, signer: signer)
        guard let receipt else {
            return ReceiptCheckResult(status: status, entries: [], request: check.request)
        }
        guard receipt.environment == .production else {
            return ReceiptCheckResult(status: .sandboxReceiptInProduction, entries: [], request: check.request)
        }
        var restoring: StoreRecord?
        if let requested = check.request.transactionId, let record = try database.record(id: requested),
           record.kind == .restore, record.account == receipt.account {
            restoring = record
        }
        var entries: [ReceiptEntry] = []
        for purchase in receipt.inApp {
            // The Store signed these ids itself, so they are ids; a receipt that says otherwise is malformed.
            guard let id = TransactionID(purchase.transactionId), let originalId = TransactionID(purchase.originalTransactionId)
            else {
                return ReceiptCheckResult(status: .malformed, entries: [], request: check.request)
            }
            let record = try database.record(id: id)
            entries.append(ReceiptEntry(
                transactionId: id, originalTransactionId: originalId,
                productId: purchase.productId, account: receipt.account,
                purchaseDate: Date(timeIntervalSince1970: Double(purchase.purchaseDateMillis) / 1000),
                expires: record.flatMap(expiry), revoked: record?.refunded ?? false,
                restoringTransactionId: restoring?.originalId == originalId ? restoring?.id : nil))
        }
        return ReceiptCheckResult(status: .valid, entries: entries, request: check.request)
    }
}
