import Foundation
import IAPCore
import Storage

extension Store {
    /// Serves an app on StoreKit `api`. Under StoreKit 2 the Store signs every transaction it
    /// issues and delivers the transactions it sends on its own through `Transaction.updates`;
    /// under StoreKit 1 it signs nothing and delivers to the payment queue's observer.
    public func serve(_ api: StoreKitAPI, from now: Date) throws(StoreError) {
        // Notifications are signed with the same chain, whichever StoreKit the app uses; a chain
        // made once is loaded again, for the notifications the Server may still fetch.
        try store { () throws(StorageError) in
            let madeChain = try database.setting(Signatures.certificateSettings[0]) != nil
            if api == .storekit2 || notificationsOn || madeChain {
                try signatures.loadSigner(from: now)
            }
        }
        context.api = api
    }

    /// `Product.purchase()`: one answer, with the signed transaction when the purchase went
    /// through. A purchase that fails or is cancelled leaves no transaction to finish; buying a
    /// non-consumable again hands back the transaction that bought it.
    func purchase(_ request: PaymentRequest, link: Link) throws(StorageError) {
        if let waiting = try joinableRequest(request) {
            // Apple: duplicate Ask to Buy requests are consolidated and only reset the 24-hour timer.
            try database.update(waiting.with(date: link.now))
            link.send(.purchaseResult(.pending(productId: request.productId)))
            return
        }
        let id = try database.nextTransactionId()
        if let token = request.appAccountToken {
            try database.setSetting("\(Signatures.appAccountTokenPrefix)\(id)", token)
        }
        let record = StoreRecord(
            id: id, originalId: id, productId: request.productId, account: account, state: .purchasing,
            kind: .purchase, charged: false, finished: false, refunded: false, date: link.now, error: nil, receipt: nil)
        let result: PurchaseResult
        switch try outcome(of: request, id: id, at: link.now) {
        case .fails(let error):
            try database.insert(record.with(state: .failed, finished: true, error: error))
            result = error == .paymentCancelled ? .userCancelled(productId: request.productId)
                : .failed(productId: request.productId, error)
        case .waits:
            if let offer = try offers.requestedOffer(request) { try applied.keep(offer, for: id) }
            try database.insert(record.with(state: .deferred))
            result = .pending(productId: request.productId)
        case .charges:
            let charged = try charge(record, offer: try offers.requestedOffer(request), link: link)
            if let error = charged.error {
                // Refused for what the account holds (a subscription in billing retry): no transaction to finish.
                try database.insert(charged)
                result = .failed(productId: request.productId, error)
            } else if charged.charged {
                try database.insert(charged)
                result = .success(try signatures.signedTransaction(charged, at: link.now))
            } else {
                // What the account holds already (an owned non-consumable, the plan it has, a
                // change that waits for the renewal) charges nothing and makes no transaction:
                // the purchase answers with the transaction that covers it.
                result = .success(try signatures.signedTransaction(try heldRecord(handedBackBy: charged), at: link.now))
            }
        }
        link.send(.purchaseResult(result))
    }

    /// `AppStore.sync()`: the account's current entitlements come again through
    /// `Transaction.updates`, as the transactions that bought them (no new transactions).
    func sync(link: Link) throws(StorageError) {
        let entitlements = try restorable()
        for record in entitlements {
            link.send(.transactionUpdate(try signatures.signedTransaction(record, at: link.now, state: .restored)))
        }
        link.send(.restoreCompleted(.finished(restored: entitlements.count)))
    }

    /// Under StoreKit 2, finishing a purchase finishes the StoreKit 1 restores of it still in the
    /// queue too: they are that purchase in StoreKit 2's view, and one queue serves both APIs.
    func finishRestores(of id: TransactionID) throws(StorageError) {
        guard api == .storekit2, let record = try database.record(id: id), record.account == account else { return }
        try database.database.query("""
            UPDATE transactions SET finished = 1
            WHERE original_id = ? AND account = ? AND kind = 'restore' AND finished = 0
            """, [StoreDatabase.idValue(record.originalId), .text(account)])
    }

    /// A refund reaches a running StoreKit 2 app through `Transaction.updates` (`Signatures.tellRevocation`).
    public func tellRevocation(_ refunded: StoreRecord, link: Link) throws(StoreError) {
        try signatures.tellRevocation(refunded, link: link)
    }

    /// `Transaction.currentEntitlements`: the latest transaction of each non-consumable, of each
    /// auto-renewable subscription active now (in its period, or in a billing grace period) and
    /// of each non-renewing subscription, finished or not, that the account bought and the App
    /// Store did not revoke.
    func currentEntitlements(link: Link) throws(StorageError) {
        let held = catalog.products.filter { $0.type != .consumable }.map(\.id)
        var entitled: [SignedTransaction] = [], seen: Set<String> = []
        let paid = try database.latestPaid(account: account, products: held, where: "refunded = 0 AND state = 'purchased'")
            + family.liveShares(account: account, products: held)
        // The latest of each product: a non-renewing subscription bought twice has two originals.
        for record in paid.reversed() where seen.insert(record.productId).inserted {
            if catalog.type(ofProduct: record.productId) == .autoRenewable {
                let until = [periods.expiry(of: record), try periods.graceUntil(of: record)].compactMap { $0 }.max()
                guard let until, until > link.now else { continue }
            }
            entitled.insert(try signatures.signedTransaction(record, at: link.now), at: 0)
        }
        link.send(.currentEntitlements(entitled))
    }

    /// `Product.SubscriptionInfo.status(for:)`: the state of each auto-renewable subscription the
    /// account bought, with its latest transaction signed now, oldest first.
    func subscriptionStatuses(link: Link) throws(StorageError) {
        let renewing = catalog.products(ofType: .autoRenewable).map(\.id)
        var statuses: [SubscriptionStatus] = []
        for record in try database.latestPaid(account: account, products: renewing) {
            statuses.append(SubscriptionStatus(state: try periods.renewalState(of: record, at: link.now),
                                               transaction: try signatures.signedTransaction(record, at: link.now)))
        }
        link.send(.subscriptionStatuses(statuses))
    }

    /// The `appAccountToken` each purchase was bought with, by its id (its renewals carry it too),
    /// read from a possibly live database.
    public static func readAppAccountTokens(path: String) throws(StorageError) -> [TransactionID: String] {
        try Signatures.appAccountTokens(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The `appAccountToken` each purchase was bought with, by its id.
    public func appAccountTokens() throws(StoreError) -> [TransactionID: String] {
        try store { () throws(StorageError) in try Signatures.appAccountTokens(in: database) }
    }
}
