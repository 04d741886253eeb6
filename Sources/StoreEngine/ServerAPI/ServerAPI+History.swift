import Foundation
import IAPCore
import Storage

/// The customer's lists of transactions, a page at a time: Get Transaction History and Get
/// Refund History. Each is the account's that made the transaction the path names.
extension ServerAPI {
    /// Get Transaction History (`HistoryResponse`): the customer's paid transactions
    /// (`StoreRecord.isInTransactionHistory`) that pass the query's filters, by purchase date,
    /// 20 a page. Version 2, Apple: "The result returns transactions in any state, including
    /// transactions that are refunded or revoked, and transactions that the app has or hasn't
    /// marked as finished." Version 1 (deprecated) does not list finished consumables: "The
    /// results don't include consumable in-app purchases that the app marks as finished" —
    /// unless "the transaction is refunded or revoked".
    func transactionHistory(_ text: String, version: Int, _ request: ServerAPIRequest,
                            at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard let id = TransactionID(text) else { return .failure(.invalidTransactionId) }
        let query: TransactionHistoryQuery
        switch TransactionHistoryQuery.of(request) {
        case .failure(let error): return .failure(error)
        case .success(let read): query = read
        }
        guard let records = try signatures.transactionHistory(of: id) else { return .failure(.transactionIdNotFound) }
        var listed: [(ServerAPIPageToken, StoreRecord)] = []
        for record in records {
            let product = catalog.product(id: record.productId)
            if version == 1, product?.type == .consumable, record.finished, !record.refunded { continue }
            let millis = SimulatedTime.millis(record.date)
            guard query.admits(purchaseMillis: millis, productId: record.productId, type: product?.type,
                               groupIdentifier: product?.group.map(catalog.subscriptionGroupIdentifier),
                               ownershipType: record.ownershipType, refunded: record.refunded)
            else { continue }
            listed.append((ServerAPIPageToken(millis: millis, id: record.id.value), record))
        }
        let page = ServerAPIPage(of: listed, after: query.revision, descending: query.descending)
        let signedPage = try signed(page.entries, at: now)
        return .success(.ok(EventJSONWriter.object { json in
            json.put("revision", page.token.text)
            appMembers(&json)
            json.put("hasMore", page.hasMore)
            json.put("signedTransactions", signedPage)
        }))
    }

    /// Get Refund History (`RefundHistoryResponse`): the customer's refunded transactions, 20 a
    /// page; Apple, "The transactions are sorted in ascending order by revocationDate."
    func refundHistory(_ text: String, _ request: ServerAPIRequest, at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        let asked: StoreRecord
        switch try record(text) {
        case .failure(let error): return .failure(error)
        case .success(let record): asked = record
        }
        let revision: ServerAPIPageToken?
        switch request.pageToken("revision", invalid: .invalidRequestRevision) {
        case .failure(let error): return .failure(error)
        case .success(let token): revision = token
        }
        let refunded = try database.records(where: "account = ? AND refunded = 1", [.text(asked.account)], withReceipts: false)
            .filter(\.isInTransactionHistory)
            .map { (ServerAPIPageToken(millis: SimulatedTime.millis($0.refundDate ?? $0.date), id: $0.id.value), $0) }
        let page = ServerAPIPage(of: refunded, after: revision)
        let signedPage = try signed(page.entries, at: now)
        return .success(.ok(EventJSONWriter.object { json in
            json.put("signedTransactions", signedPage)
            json.put("revision", page.token.text)
            json.put("hasMore", page.hasMore)
        }))
    }
}
