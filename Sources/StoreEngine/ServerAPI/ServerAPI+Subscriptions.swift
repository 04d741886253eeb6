import Foundation
import IAPCore
import Storage

/// The endpoints about subscriptions: Get All Subscription Statuses and Extend a Subscription
/// Renewal Date.
extension ServerAPI {
    /// Get All Subscription Statuses (`StatusResponse`): each of the customer's auto-renewable
    /// subscriptions, by subscription group, with its status (1 active … 5 revoked), its latest
    /// transaction and its renewal information, signed now, as StoreKit 2's statuses and the
    /// notifications read them; the repeated `status` query keeps only those statuses.
    func subscriptionStatuses(_ text: String, _ request: ServerAPIRequest,
                              at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        let asked: StoreRecord
        switch try record(text) {
        case .failure(let error): return .failure(error)
        case .success(let record): asked = record
        }
        var wanted: Set<Int> = []
        for value in request.values(of: "status") {
            guard let status = Int(value), (1...5).contains(status), value.utf8.count == 1 else { return .failure(.invalidStatus) }
            wanted.insert(status)
        }
        var groups: [(identifier: String, items: [(status: Int, record: StoreRecord)])] = []
        for (record, state) in try subscriptions.latestTransactions(of: asked.account, at: now)
        where wanted.isEmpty || wanted.contains(state.serverAPIStatus) {
            let identifier = catalog.product(id: record.productId)?.group.map(catalog.subscriptionGroupIdentifier) ?? ""
            if let index = groups.firstIndex(where: { $0.identifier == identifier }) {
                groups[index].items.append((state.serverAPIStatus, record))
            } else {
                groups.append((identifier, [(state.serverAPIStatus, record)]))
            }
        }
        try signatures.loadSigner(from: now)
        var signedGroups: [(String, [(Int, StoreRecord, String, String)])] = []
        for group in groups {
            var items: [(Int, StoreRecord, String, String)] = []
            for item in group.items {
                items.append((item.status, item.record, try signatures.jws(of: item.record, at: now),
                              try notifications.signedRenewalInfo(of: item.record, at: now, expirationIntent: nil) ?? ""))
            }
            signedGroups.append((group.identifier, items))
        }
        return .success(.ok(EventJSONWriter.object { json in
            appMembers(&json)
            json.put("data", signedGroups) { group, object in
                object.put("subscriptionGroupIdentifier", group.0)
                object.put("lastTransactions", group.1) { item, transaction in
                    transaction.put("status", item.0)
                    transaction.put("originalTransactionId", item.1.originalId.description)
                    transaction.put("signedTransactionInfo", item.2)
                    transaction.put("signedRenewalInfo", item.3)
                }
            }
        }))
    }

    /// Extend a Subscription Renewal Date (`ExtendRenewalDateResponse`), by the Store's own
    /// extension (`Subscriptions.extendRenewalDate`), its refusals answered as Apple's errors.
    func extendRenewalDate(_ text: String, _ body: [UInt8], at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard let id = TransactionID(text) else { return .failure(.invalidOriginalTransactionId) }
        let read: ExtendRenewalDateBody
        switch ExtendRenewalDateBody.of(body) {
        case .failure(let error): return .failure(error)
        case .success(let found): read = found
        }
        let request = RenewalExtension.Request(originalTransactionId: id, productId: try database.record(id: id)?.productId ?? "",
                                               extendByDays: read.extendByDays, extendReasonCode: read.extendReasonCode,
                                               requestIdentifier: read.requestIdentifier)
        let answer = try subscriptions.extendRenewalDate(request, at: now)
        guard let response = answer.response else { return .failure(answer.refusal?.serverAPIError ?? .generalInternal) }
        return .success(.ok(EventJSONWriter.object { json in
            json.put("originalTransactionId", response.originalTransactionId)
            json.put("webOrderLineItemId", response.webOrderLineItemId)
            json.put("success", response.success)
            json.put("effectiveDate", response.effectiveDate)
        }))
    }
}
