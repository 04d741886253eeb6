import Foundation
import IAPCore
import Storage

/// The endpoints about one transaction: Get Transaction Info, Look Up Order ID, Send Consumption
/// Information and Finish Transaction.
extension ServerAPI {
    /// Get Transaction Info: `{"signedTransactionInfo": JWS}`, the transaction as it is now, signed
    /// now, as the in-process message answers it (`Signatures.signedTransactionInfo`).
    func transactionInfo(_ text: String, at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard let id = TransactionID(text) else { return .failure(.invalidTransactionId) }
        guard let signed = try signatures.signedTransactionInfo(of: id, at: now) else { return .failure(.transactionIdNotFound) }
        return .success(.ok(EventJSONWriter.object { $0.put("signedTransactionInfo", signed) }))
    }

    /// Look Up Order ID: `status` 0 and the order's transactions, signed now, for an order id the
    /// Store gave (`DerivedIds.orderId`, one per paid transaction); Apple, "1 The order ID is
    /// invalid", with an empty list, for any other text, answered with HTTP 200 all the same.
    func lookUp(orderId: String, at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        let alphabet = Set(DerivedIds.orderIdAlphabet)
        var order: [StoreRecord] = []
        if orderId.utf8.count == DerivedIds.orderIdLength, orderId.utf8.allSatisfy(alphabet.contains) {
            for record in try database.records(where: "charged = 1 AND kind != 'restore' AND state = 'purchased'", [], withReceipts: false)
            where record.isInTransactionHistory {
                if try signatures.ids.orderId(of: record.id) == orderId { order.append(record) }
            }
        }
        let signedOrder = try signed(order, at: now)
        return .success(.ok(EventJSONWriter.object { json in
            json.put("status", order.isEmpty ? 1 : 0)
            json.put("signedTransactions", signedOrder)
        }))
    }

    /// Send Consumption Information, version 1 or 2: 202 with no body once the body is valid; the
    /// Store keeps whether the purchase was delivered, as it keeps the in-process message's.
    func sendConsumption(_ text: String, version: Int, _ body: [UInt8]) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard let id = TransactionID(text) else { return .failure(.invalidTransactionId) }
        let information: ConsumptionInformation
        switch ConsumptionInformation.of(body, version: version) {
        case .failure(let error): return .failure(error)
        case .success(let read): information = read
        }
        guard try database.record(id: id) != nil else { return .failure(.transactionIdNotFound) }
        try payments.keepConsumptionInformation(id, delivered: information.delivered)
        return .success(ServerAPIResponse(status: 202))
    }

    /// Finish Transaction: 200 with no body; finishing one finished already changes nothing.
    func finish(_ text: String) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        switch try record(text) {
        case .failure(let error): return .failure(error)
        case .success(let record):
            try payments.finishForServer(record.id)
            return .success(ServerAPIResponse(status: 200))
        }
    }
}
