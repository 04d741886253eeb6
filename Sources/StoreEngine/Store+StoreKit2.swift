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
            let madeChain = try database.setting(Self.certificateSettings[0]) != nil
            if api == .storekit2 || notificationsOn || madeChain {
                try loadSigner(from: now)
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
            try database.setSetting("\(Self.appAccountTokenPrefix)\(id)", token)
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
                result = .success(try signedTransaction(charged, at: link.now))
            } else {
                // What the account holds already (an owned non-consumable, the plan it has, a
                // change that waits for the renewal) charges nothing and makes no transaction:
                // the purchase answers with the transaction that covers it.
                result = .success(try signedTransaction(try heldRecord(handedBackBy: charged), at: link.now))
            }
        }
        link.send(.purchaseResult(result))
    }

    /// `AppStore.sync()`: the account's current entitlements come again through
    /// `Transaction.updates`, as the transactions that bought them (no new transactions).
    func sync(link: Link) throws(StorageError) {
        let entitlements = try restorable()
        for record in entitlements {
            link.send(.transactionUpdate(try signedTransaction(record, at: link.now, state: .restored)))
        }
        link.send(.restoreCompleted(.finished(restored: entitlements.count)))
    }

    /// Sends a transaction the Store delivers on its own, as the app's StoreKit receives it:
    /// to the StoreKit 1 observer, or through StoreKit 2's `Transaction.updates`, where only
    /// transactions that went through (purchased, restored) arrive; `state` is the state StoreKit 2
    /// shows, when it is not the record's (a purchase `AppStore.sync()` brought back).
    func deliver(_ record: StoreRecord, as state: TransactionState? = nil, link: Link) throws(StorageError) {
        switch api {
        case .storekit1:
            link.send(.transactionUpdated(record.asTransaction))
        case .storekit2:
            guard record.state == .purchased || record.state == .restored else { return }
            link.send(.transactionUpdate(try signedTransaction(record, at: link.now, state: state)))
        }
    }

    /// The transaction StoreKit 2 shows for `record`. StoreKit 2 has no restore transactions:
    /// `AppStore.sync()` brings back "the transactions that bought them", so a StoreKit 1
    /// restore still unfinished when the app moved to StoreKit 2 is the purchase it restores,
    /// as `AppStore.sync()` would deliver it; nil when that purchase is not the account's.
    func storeKit2Transaction(of record: StoreRecord) throws(StorageError) -> StoreRecord? {
        guard record.kind == .restore else { return record }
        return try database.records(where: "original_id = ? AND account = ? AND kind != 'restore' AND state = 'purchased'",
                                    [StoreDatabase.idValue(record.originalId), .text(record.account)],
                                    withReceipts: false).last
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

    /// App Store Server API, Get Transaction Info: the transaction as it is now (refunded or
    /// not), signed now, whichever StoreKit the app uses; nothing for an id the Store never
    /// issued or a transaction StoreKit 2 does not know (failed, deferred, purchasing). A StoreKit 1
    /// restore is answered with the purchase it restores, which is what the App Store knows: it
    /// proves no payment of its own.
    func transactionInfo(_ request: VerificationRequest, at now: Date) throws(StorageError) -> TransactionInfo {
        guard let id = request.transactionId, let asked = try database.record(id: id),
              let record = try storeKit2Transaction(of: asked),
              record.state == .purchased || record.state == .restored
        else { return TransactionInfo(request: request, signedTransactionInfo: nil) }
        try loadSigner(from: now)
        return TransactionInfo(request: request, signedTransactionInfo: try jws(of: record, at: now))
    }

    /// The transaction with its JWS; one made before the Store signed (under StoreKit 1) is
    /// signed now and kept.
    private func signedTransaction(_ record: StoreRecord, at now: Date, state: TransactionState? = nil)
        throws(StorageError) -> SignedTransaction {
        let jws: String
        if let kept = record.signedTransaction {
            jws = kept
        } else {
            try loadSigner(from: now)
            jws = try self.jws(of: record, at: now)
            try database.update(record.with(signedTransaction: jws))
        }
        return SignedTransaction(transactionId: record.id, productId: record.productId, state: state ?? record.state,
                                 jws: switches.isOn(.deviceVerification) ? jws : Self.invalidSignature(jws))
    }

    /// The JWS with the first character of its signature changed, as StoreKit Testing's
    /// simulated verification error hands it to the device: its payload intact, its signature
    /// no longer the App Store's.
    static func invalidSignature(_ jws: String) -> String {
        guard let dot = jws.lastIndex(of: "."), jws.index(after: dot) < jws.endIndex else { return jws + "." }
        let first = jws.index(after: dot)
        return String(jws[..<first]) + (jws[first] == "A" ? "B" : "A") + String(jws[jws.index(after: first)...])
    }

    /// A refund reaches a running StoreKit 2 app through `Transaction.updates`: the transaction
    /// again, its JWS now with `revocationDate` and `revocationReason`. (An app that is not
    /// running does not get it at its next launch; it finds the purchase gone from
    /// `Transaction.currentEntitlements`.)
    public func tellRevocation(_ refunded: StoreRecord, link: Link) throws(StoreError) {
        guard api == .storekit2 else { return }
        try store { () throws(StorageError) in link.send(.transactionUpdate(try signedTransaction(refunded, at: link.now))) }
    }

    /// `Transaction.currentEntitlements`: the latest transaction of each non-consumable, of each
    /// auto-renewable subscription active now (in its period, or in a billing grace period) and
    /// of each non-renewing subscription, finished or not, that the account bought and the App
    /// Store did not revoke.
    func currentEntitlements(link: Link) throws(StorageError) {
        let held = catalog.products.filter { $0.type != .consumable }.map(\.id)
        var entitled: [SignedTransaction] = [], seen: Set<String> = []
        let paid = try database.latestPaid(account: account, products: held, where: "refunded = 0 AND state = 'purchased'")
            + liveShares(account: account, products: held)
        // The latest of each product: a non-renewing subscription bought twice has two originals.
        for record in paid.reversed() where seen.insert(record.productId).inserted {
            if catalog.type(ofProduct: record.productId) == .autoRenewable {
                let until = [periods.expiry(of: record), try periods.graceUntil(of: record)].compactMap { $0 }.max()
                guard let until, until > link.now else { continue }
            }
            entitled.insert(try signedTransaction(record, at: link.now), at: 0)
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
                                               transaction: try signedTransaction(record, at: link.now)))
        }
        link.send(.subscriptionStatuses(statuses))
    }

    /// The `appAccountToken` each purchase was bought with, by its id (its renewals carry it too),
    /// read from a possibly live database.
    public static func readAppAccountTokens(path: String) throws(StorageError) -> [TransactionID: String] {
        try appAccountTokens(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The `appAccountToken` each purchase was bought with, by its id.
    public func appAccountTokens() throws(StoreError) -> [TransactionID: String] {
        try store { () throws(StorageError) in try Self.appAccountTokens(in: database) }
    }

    private static func appAccountTokens(in database: StoreDatabase) throws(StorageError) -> [TransactionID: String] {
        try database.settingsByTransaction(appAccountTokenPrefix) { $0 }
    }

    /// App Store Server API, Get Transaction History: every paid transaction of the account that
    /// made `id`, finished or not, refunded or not, signed now, oldest first; none for an id the
    /// Store never issued.
    func transactionHistory(of id: TransactionID, link: Link) throws(StorageError) {
        var signed: [String] = []
        if let asked = try database.record(id: id) {
            try loadSigner(from: link.now)
            for record in try database.records(where: "account = ?", [.text(asked.account)]) where record.isInTransactionHistory {
                signed.append(try jws(of: record, at: link.now))
            }
        }
        link.send(.transactionHistory(TransactionHistory(transactionId: id, signedTransactions: signed)))
    }
}
