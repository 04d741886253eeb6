import Foundation
import IAPCore
import Storage

/// Receipts: the signed app receipt the Store hands out with a transaction or a refresh (what the
/// account holds, `ReceiptHoldings`), and `verifyReceipt`. It owns two caches of the checks:
/// `lastDecoded` (the last receipt text decoded, which depends on nothing else) and `lastRead`
/// (what the last check read of an authentic receipt, current while `store.sqlite`'s change
/// count is the one it was read at: any write makes it stale without being told).
final class Receipts: StoreService {
    let context: StoreContext
    let applied: AppliedOffers
    let periods: SubscriptionPeriods
    let signatures: Signatures
    /// The last receipt text `verifyReceipt` decoded and what decoding it gave, and what it last
    /// read of an authentic receipt's purchases (`ReceiptRead`): a launch that recovers by the
    /// app receipt has that receipt checked twice (the recovery, then the check of the current
    /// receipt) with nothing written between, and each check goes through every purchase it lists.
    private var lastDecoded: (text: String, status: ReceiptStatus, receipt: Receipt?)?
    private var lastRead: ReceiptRead?

    init(context: StoreContext, applied: AppliedOffers, periods: SubscriptionPeriods, signatures: Signatures) {
        self.context = context
        self.applied = applied
        self.periods = periods
        self.signatures = signatures
    }

    /// A signed receipt, as the app receipt is: the purchase it is handed out with, and what the
    /// account's receipt holds (`ReceiptHoldings`), made at `now`.
    func receipt(proving purchase: StoreRecord, at now: Date) throws(StorageError) -> String {
        try receipt(account: purchase.account, leading: purchase, at: now)
    }

    /// The account's receipt, led by one purchase when there is one: what a refresh hands out.
    func receipt(account: String, leading purchase: StoreRecord?, at now: Date) throws(StorageError) -> String {
        try receipt(account: account, leading: purchase, holdings: try holdings(of: account), at: now)
    }

    /// The account's receipt from holdings already read, made at `now` and signed with the
    /// Store's chain (`Signatures.appReceiptSigner`).
    func receipt(account: String, leading purchase: StoreRecord?, holdings: ReceiptHoldings, at now: Date) throws(StorageError) -> String {
        let app = catalog.app
        let receipt = Receipt(environment: Receipt.Environment(switches.environment), account: account,
                              inApp: try listed(holdings.purchases(leading: purchase)), bundleId: app.bundleId,
                              appVersion: app.bundleVersion, originalAppVersion: app.bundleVersion,
                              createdMillis: SimulatedTime.millis(now))
        let signer = try signatures.appReceiptSigner(from: now)
        do {
            return try receipt.encoded(signer: signer)
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot sign the app receipt: \(error)")
        }
    }

    /// The products of the purchases the signed-in account's receipt lists now, one per purchase,
    /// as a refresh would hand the receipt out.
    func currentReceiptProducts() throws(StoreError) -> [String] {
        try store { () throws(StorageError) in try holdings(of: account).purchases(leading: nil).map(\.productId) }
    }

    /// What the account's receipt lists, read by four indexed queries: every transaction of its
    /// auto-renewable subscriptions, the latest transaction of each other lasting purchase, the
    /// unfinished consumables, and what the family shares with it. A caller that has just read
    /// the account's `unfinished` transactions passes them, and the consumables among them are
    /// not read again (a launch after many failed verifications finds a thousand of them).
    func holdings(of account: String, unfinished: [StoreRecord]? = nil) throws(StorageError) -> ReceiptHoldings {
        let renewing = catalog.products(ofType: .autoRenewable).map(\.id)
        let lasting = (catalog.products(ofType: .nonConsumable) + catalog.products(ofType: .nonRenewing)).map(\.id)
        let consumables: [StoreRecord]
        if let unfinished {
            consumables = unfinished.filter { record in
                record.charged && record.kind != .restore && catalog.type(ofProduct: record.productId) == .consumable
            }
        } else {
            consumables = try database.unfinishedPaid(account: account, products: catalog.products(ofType: .consumable).map(\.id))
        }
        // A share stays once revoked, as a refund does: "A canceled in-app purchase remains in the
        // receipt indefinitely" (Apple, `cancellation_date_ms`).
        let shares = try database.records(where: "account = ? AND kind = 'family-share'", [.text(account)], withReceipts: false)
        return ReceiptHoldings(try database.paid(account: account, products: renewing)
                               + database.latestPaid(account: account, products: lasting, withReceipts: false)
                               + consumables + shares, catalog: catalog)
    }

    /// Transactions as the Store hands them to a StoreKit 1 app: a renewal, kept without a
    /// receipt, comes with the receipt the device already holds for its subscription (the last
    /// one handed out with it), not a new one. A receipt lists every renewal, so building one
    /// at each renewal would cost a long subscription its history squared; the Server learns of
    /// renewals the device's receipt does not list from `latest_receipt_info`. StoreKit 2 apps
    /// get no receipt.
    func handingOut(_ records: [StoreRecord]) throws(StorageError) -> [StoreRecord] {
        guard api == .storekit1 else { return records }
        var held: [TransactionID: String] = [:]
        var handed: [StoreRecord] = []
        handed.reserveCapacity(records.count)
        for record in records {
            guard record.receipt == nil, record.charged, record.state == .purchased else {
                handed.append(record)
                continue
            }
            if held[record.originalId] == nil {
                let renewing = catalog.products(ofType: .autoRenewable).map(\.id)
                if let kept = try database.lastReceipt(of: record.originalId, products: renewing) {
                    held[record.originalId] = kept
                } else {
                    held[record.originalId] = try receipt(account: record.account, leading: record, at: record.date)
                }
            }
            handed.append(record.with(receipt: held[record.originalId]))
        }
        return handed
    }

    static func receiptPurchase(_ record: StoreRecord) -> Receipt.Purchase {
        Receipt.Purchase(transactionId: record.id.description, originalTransactionId: record.originalId.description, productId: record.productId,
                         purchaseDateMillis: SimulatedTime.millis(record.date),
                         inAppOwnershipType: record.kind == .familyShare ? record.ownershipType : nil)
    }

    /// `verifyReceipt`: Apple's `responseBody` — the status code and, when the receipt is
    /// authentic, what it proves, with each purchase's current expiry and whether it was refunded
    /// since. When the request names a restore transaction, the purchase it restores says so. The
    /// Store answers from its own records, not from the receipt's word: a receipt that lists a
    /// purchase the Store did not issue as listed (`StoreDatabase.issuance`) could not be
    /// authenticated (21003), whatever key signed it.
    func verify(_ check: ReceiptCheck, at now: Date) throws(StorageError) -> ReceiptCheckResult {
        let (status, receipt) = authenticate(check)
        guard let receipt, status == .valid else {
            return ReceiptCheckResult(VerifyReceiptResponse(status: status, environment: check.environment), check: check)
        }
        var restoring: StoreRecord?
        if let requested = check.request.transactionId, let record = try database.record(id: requested),
           record.kind == .restore, record.account == receipt.account {
            restoring = record
        }
        let read = try self.read(receipt, text: check.request.receipt, restoring: restoring, asked: check.request.transactionId)
        guard read.issued else {
            return ReceiptCheckResult(VerifyReceiptResponse(status: .notAuthenticated, environment: check.environment), check: check)
        }
        guard let entries = read.entries else {
            return ReceiptCheckResult(VerifyReceiptResponse(status: .malformed, environment: check.environment), check: check)
        }
        let environment = receipt.environment.storeEnvironment
        var response = VerifyReceiptResponse(
            status: .valid, environment: environment,
            receipt: DecodedReceipt(app: AppIdentity(bundleId: receipt.bundleId, appAppleId: catalog.app.appAppleId,
                                                     bundleVersion: receipt.appVersion),
                                    environment: environment, creationMillis: receipt.createdMillis,
                                    requestMillis: SimulatedTime.millis(now),
                                    originalPurchaseMillis: SimulatedTime.millis(SimulatedTime.epoch), inApp: entries),
            latestReceiptInfo: read.latestReceiptInfo,
            pendingRenewalInfo: Self.withExpirationIntents(read.pendingRenewalInfo, latest: read.latestReceiptInfo, at: now),
            latestReceipt: read.latestReceipt, account: receipt.account)
        response.receipt?.originalApplicationVersion = receipt.originalAppVersion
        if let restoring { response.restore = RestoreNote(transactionId: restoring.id, originalTransactionId: restoring.originalId) }
        return ReceiptCheckResult(response, check: check)
    }

    /// What a check reads of an authentic receipt's purchases, kept while the same receipt is
    /// checked for the same request with nothing written to the Store since.
    private func read(_ receipt: Receipt, text: String, restoring: StoreRecord?, asked: TransactionID?) throws(StorageError) -> ReceiptRead {
        let changes = database.database.totalChanges
        if let lastRead, lastRead.text == text, lastRead.restoring == restoring?.id, lastRead.asked == asked,
           lastRead.changes == changes {
            return lastRead
        }
        let issuance = try database.issuance(Self.issuanceList(receipt.inApp), account: receipt.account)
        let issued = issuance.unissued == 0
        let latest = issued ? try latestReceiptInfo(of: receipt, asked: asked) : []
        let read = ReceiptRead(text: text, restoring: restoring?.id, asked: asked, changes: changes, issued: issued,
                               entries: issued ? try entries(of: receipt, restoring: restoring, refunded: issuance.refunded) : [],
                               latestReceiptInfo: latest, pendingRenewalInfo: try pendingRenewalInfo(of: latest),
                               latestReceipt: try latestReceipt(of: latest))
        lastRead = read
        return read
    }

    /// Apple's `latest_receipt`, "the latest Base64 encoded app receipt", for a receipt with
    /// subscriptions: the last receipt the Store handed out with the newest of them. The Store
    /// makes a receipt with a purchase or a refresh, and a renewal comes with the receipt the
    /// device holds (`handingOut`), so that one is the latest; a receipt made anew for each
    /// answer would cost a long subscription its history squared.
    private func latestReceipt(of latest: [ReceiptEntry]) throws(StorageError) -> String? {
        guard let newest = latest.max(by: { $0.transactionId < $1.transactionId }) else { return nil }
        return try database.lastReceipt(of: newest.originalTransactionId, products: catalog.products(ofType: .autoRenewable).map(\.id))
    }

    /// The purchases a receipt lists as `StoreDatabase.issuance` reads them: a JSON array of
    /// `[id, originalId, productId, purchaseDateMillis, isShare]`. A purchase whose ids are not
    /// numbers is left out: its receipt is malformed (`entries(of:restoring:)`).
    static func issuanceList(_ purchases: [Receipt.Purchase]) -> SQLiteValue {
        let capacity = purchases.reduce(2) { $0 + 80 + 6 * $1.productId.utf8.count }
        return .text(String(atMost: capacity) { json in
            json.byte(UInt8(ascii: "["))
            var first = true
            for purchase in purchases {
                guard let id = TransactionID(purchase.transactionId),
                      let originalId = TransactionID(purchase.originalTransactionId) else { continue }
                if !first { json.byte(UInt8(ascii: ",")) }
                first = false
                json.byte(UInt8(ascii: "["))
                json.decimal(id.value)
                json.byte(UInt8(ascii: ","))
                json.decimal(originalId.value)
                json.byte(UInt8(ascii: ","))
                json.encoderQuoted(purchase.productId)
                json.byte(UInt8(ascii: ","))
                json.decimal(purchase.purchaseDateMillis)
                json.literal(purchase.inAppOwnershipType == nil ? ",0]" : ",1]")
            }
            json.byte(UInt8(ascii: "]"))
        })
    }

    /// The status of a request before its purchases are read, in the order Apple's service
    /// meets them: the method, the service, the receipt's form and signature, the endpoint,
    /// and the shared secret a receipt with auto-renewable subscriptions needs.
    private func authenticate(_ check: ReceiptCheck) -> (ReceiptStatus, Receipt?) {
        guard check.usesPost else { return (.notPost, nil) }
        switch switches.verification {
        case .down: return (.serviceUnavailable, nil)
        case .temporaryIssue: return (.malformed, nil)
        case .dataAccessError: return (.internalDataAccessError, nil)
        case .accountGone: return (.accountNotFound, nil)
        case .internalError: return (.internalError, nil)
        case .up: break
        }
        let (status, receipt) = decoded(check.request.receipt)
        guard let receipt else { return (status, nil) }
        switch (receipt.environment.storeEnvironment, check.environment) {
        case (.sandbox, .production): return (.sandboxReceiptInProduction, nil)
        case (.production, .sandbox): return (.productionReceiptInSandbox, nil)
        default: break
        }
        let subscribes = receipt.inApp.contains { catalog.type(ofProduct: $0.productId) == .autoRenewable }
        if subscribes && check.sharedSecret != context.sharedSecret {
            return (.wrongSharedSecret, nil)
        }
        return (.valid, receipt)
    }

    /// `Receipt.decode` of `text`, decoded once for checks of the same text in a row (it depends
    /// on nothing else: the Store's chain never changes).
    private func decoded(_ text: String) -> (ReceiptStatus, Receipt?) {
        if let lastDecoded, lastDecoded.text == text { return (lastDecoded.status, lastDecoded.receipt) }
        let (status, receipt) = Receipt.decode(text, verifier: (try? signatures.appReceiptVerifier()) ?? nil)
        lastDecoded = (text, status, receipt)
        return (status, receipt)
    }
}
