import Foundation
import IAPCore
import Signing
import Storage

/// StoreKit 2's signatures: the certificate chain the Store signs with (it owns the loaded
/// `transactionSigner`, made or read once) and the JWS of each transaction, as Apple's payloads
/// write it. It writes the chain once, and a transaction's JWS to its row when one is first handed
/// out (`signedTransaction`); nothing it keeps goes stale.
final class Signatures: StoreService {
    /// The settings key, before a subscription transaction's id, that marks it upgraded.
    static let upgradedPrefix = "upgraded:"

    let context: StoreContext
    let ids: DerivedIds
    private let applied: AppliedOffers
    private let periods: SubscriptionPeriods
    private let prices: Prices
    /// Signs transactions for StoreKit 2, once the Store has needed to.
    private(set) var transactionSigner: JWSSigner?
    /// Signs app receipts, with the same chain, once the Store has needed to, and verifies them.
    var receiptSigner: SignedDataSigner?
    var receiptVerifier: SignedDataVerifier?
    /// What Get Transaction Info last answered of each transaction, at one moment of the clock.
    var answered = SignedAnswers()

    init(context: StoreContext, applied: AppliedOffers, periods: SubscriptionPeriods, prices: Prices) {
        self.context = context
        ids = DerivedIds(context: context)
        self.applied = applied
        self.periods = periods
        self.prices = prices
    }

    /// The settings key, before a purchase's id, that keeps its `appAccountToken`.
    static let appAccountTokenPrefix = "app-account-token:"

    /// The settings rows that keep the certificate chain, root to leaf, as PEM.
    static let certificateSettings = ["signing-root", "signing-intermediate", "signing-leaf"]

    /// Loads the certificate chain the Store signs with from `store.sqlite`; a Store that has
    /// none makes it now, from its own key, valid from `now` to the end of the simulated clock,
    /// and keeps it. The keys are derived from the Store's key again each time, never stored.
    func loadSigner(from now: Date) throws(StorageError) {
        guard transactionSigner == nil, try !loadKeptSigner() else { return }
        transactionSigner = JWSSigner(chain: try makeChain(from: now))
    }

    /// Loads the certificate chain `store.sqlite` keeps, without making one; false when the
    /// Store never signed.
    func loadKeptSigner() throws(StorageError) -> Bool {
        guard transactionSigner == nil else { return true }
        let keys: (root: ECKeyPair, intermediate: ECKeyPair, leaf: ECKeyPair)
        do {
            keys = try CertificateChain.keys(secret: storeKey)
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot derive the signing keys: \(error)")
        }
        guard let stored = try storedChain(Self.certificateSettings, leafKey: keys.leaf) else { return false }
        transactionSigner = JWSSigner(chain: stored)
        return true
    }

    /// The root certificate of the Store's chain, once the Store has loaded it.
    var rootCertificate: Certificate? { transactionSigner?.chain.root }

    /// The chain kept in `store.sqlite` under the settings `keys`, or nil when there is none; a
    /// kept chain whose leaf does not certify the Store's key is an error, and the file is left
    /// as it is.
    func storedChain(_ keys: [String], leafKey: ECKeyPair) throws(StorageError) -> CertificateChain? {
        var certificates: [Certificate] = []
        for key in keys {
            guard let certificate = try database.setting(key, as: { try? Certificate(pem: $0) }) else { return nil }
            certificates.append(certificate)
        }
        do {
            return try CertificateChain(root: certificates[0], intermediate: certificates[1], leaf: certificates[2], leafKey: leafKey)
        } catch {
            throw StorageError(path: database.database.path,
                               problem: "table settings: the signing certificates do not match the Store's key; left untouched")
        }
    }

    /// A chain for StoreKit 2 and notifications, kept under `certificateSettings`: the one app
    /// receipts were signed with when there is one, else a new one.
    private func makeChain(from now: Date) throws(StorageError) -> CertificateChain {
        var chain = receiptSigner?.chain
        if chain == nil { chain = try keptReceiptChain() }
        let made: CertificateChain
        if let chain { made = chain } else { made = try newChain(from: now) }
        try keep(made, as: Self.certificateSettings)
        return made
    }

    /// A new chain of the Store's keys, valid from `now` to the end of the simulated clock.
    func newChain(from now: Date) throws(StorageError) -> CertificateChain {
        do {
            return try CertificateChain.make(
                secret: storeKey, notBefore: now,
                notAfter: Date(timeIntervalSince1970: Double(SimulatedTime.millisRange.upperBound / 1000)))
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot make the signing certificates: \(error)")
        }
    }

    /// Writes `chain` to the settings `keys`, root to leaf, as PEM.
    func keep(_ chain: CertificateChain, as keys: [String]) throws(StorageError) {
        try database.database.transaction { () throws(StorageError) in
            for (key, certificate) in zip(keys, [chain.root, chain.intermediate, chain.leaf]) {
                try database.setSetting(key, certificate.pem)
            }
        }
    }

    /// `record` with its JWS made now, when the Store serves StoreKit 2 and the record is a
    /// transaction StoreKit 2 knows (purchased or restored); otherwise `record` as it is.
    func signing(_ record: StoreRecord, at now: Date) throws(StorageError) -> StoreRecord {
        guard api == .storekit2, record.state == .purchased || record.state == .restored else { return record }
        return record.with(signedTransaction: try jws(of: record, at: now))
    }

    /// The JWS of `record`, signed now by the loaded chain.
    func jws(of record: StoreRecord, at now: Date) throws(StorageError) -> String {
        guard transactionSigner != nil else {
            throw StorageError(path: database.database.path, problem: "cannot sign transaction \(record.id): no signing certificates loaded")
        }
        return try signJWS(try payload(of: record, signedAt: now), what: "transaction \(record.id)")
    }

    /// `payload` as a JWS signed by the loaded chain (JSON with sorted keys, as Apple's are
    /// read); `what` names it in an error.
    func signJWS(_ payload: some Encodable, what: String) throws(StorageError) -> String {
        guard let transactionSigner else {
            throw StorageError(path: database.database.path, problem: "cannot sign \(what): no signing certificates loaded")
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try transactionSigner.sign(payload: Array(try encoder.encode(payload)))
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot sign \(what): \(error)")
        }
    }

    /// The environment a signed transaction or notification names: where the Store sells now,
    /// as Apple writes it (`Production`, `Sandbox`).
    var signedEnvironment: String { Receipt.Environment(switches.environment).rawValue }

    /// The purchase `record` renews or restores; `record` itself when it is one.
    func originalRecord(of record: StoreRecord) throws(StorageError) -> StoreRecord {
        record.originalId == record.id ? record : try database.record(id: record.originalId) ?? record
    }

    /// The `appAccountToken` the purchase `originalId` was bought with, which its renewals carry too.
    func appAccountToken(of originalId: TransactionID) throws(StorageError) -> String? {
        try database.setting("\(Self.appAccountTokenPrefix)\(originalId)")
    }

    /// A price in milliunits of its currency, as Apple's payloads give prices (0.99 is 990).
    static func milliunits(_ price: Decimal) -> Int64 {
        NSDecimalNumber(decimal: price * 1000).int64Value
    }

    /// What the JWS of `record` says, in Apple's field names.
    private func payload(of record: StoreRecord, signedAt now: Date) throws(StorageError) -> SignedTransactionPayload {
        let product = catalog.product(id: record.productId)
        let original = try originalRecord(of: record)
        let subscription = product?.type == .autoRenewable
        let offer = applied.offer(of: record), terms = applied.terms(of: record, in: catalog)
        var payload = SignedTransactionPayload(
            transactionId: record.id.description, originalTransactionId: record.originalId.description,
            bundleId: catalog.app.bundleId, productId: record.productId,
            subscriptionGroupIdentifier: subscription ? product?.group.map(catalog.subscriptionGroupIdentifier) : nil,
            purchaseDate: SimulatedTime.millis(record.date), originalPurchaseDate: SimulatedTime.millis(original.date),
            expiresDate: subscription ? periods.expiry(of: record).map(SimulatedTime.millis) : nil,
            type: product.map { SignedTransactionPayload.typeName($0.type) } ?? "Consumable",
            signedDate: SimulatedTime.millis(now),
            revocationDate: record.refunded ? SimulatedTime.millis(record.refundDate ?? now) : nil,
            revocationReason: record.refunded ? (record.refundReason ?? .other).rawValue : nil,
            offerType: offer?.type.rawValue, offerDiscountType: terms?.discountType,
            environment: signedEnvironment, storefront: catalog.storefront.code,
            transactionReason: record.kind == .renewal ? "RENEWAL" : "PURCHASE",
            price: Self.milliunits(try prices.chargedPrice(record)), currency: catalog.storefront.currencyCode)
        if let (type, percentage) = try revocation(of: record) {
            payload.revocationType = type.rawValue
            payload.revocationPercentage = percentage
        }
        payload.appAccountToken = try appAccountToken(of: record.originalId)
        payload.offerIdentifier = offer?.id
        payload.offerPeriod = terms?.wholePeriod.description
        payload.storefrontId = catalog.storefront.appleId
        payload.appTransactionId = try ids.appTransactionId(of: record.account)
        if subscription {
            payload.webOrderLineItemId = try ids.webOrderLineItemId(of: record.id)
            payload.isUpgraded = try database.setting(Self.upgradedPrefix + record.id.description) == nil ? nil : true
        }
        // A restore of a share is the member's too: "The transaction belongs to a family member
        // who benefits from the service."
        payload.inAppOwnershipType = (record.kind == .restore ? original : record).ownershipType
        return payload
    }

    /// How `record` was taken back, when it was: a family member's share revoked (`FAMILY_REVOKE`),
    /// else a refund of all it charged (`REFUND_FULL`) or of part of it (`REFUND_PRORATED`: the
    /// period an upgrade ended had its unused part refunded then, and its refund pays back the
    /// rest), with the part taken back in milliunits of a percent, the refund over the charge
    /// rounded half up: Apple, `revocationPercentage`: "The revocation percentage value is
    /// rounded to three decimal places of precision, and is expressed as an integer, in milliunits."
    /// A refund kept before the Store kept its figure paid back the whole charge.
    func revocation(of record: StoreRecord) throws(StorageError) -> (type: RevocationType, percentage: Int)? {
        guard record.refunded else { return nil }
        guard record.kind != .familyShare else { return (.familyRevoke, RevocationType.wholeMilliunits) }
        let charged = try prices.chargedPrice(record)
        guard let refunded = try database.setting(RefundFigures.refundAmountPrefix + record.id.description).flatMap({ Decimal(string: $0) }),
              charged > 0, refunded < charged else { return (.refundFull, RevocationType.wholeMilliunits) }
        var exact = refunded / charged * Decimal(RevocationType.wholeMilliunits), rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return (.refundProrated, NSDecimalNumber(decimal: rounded).intValue)
    }

    /// The transaction with its JWS; one made before the Store signed (under StoreKit 1) is
    /// signed now and kept.
    func signedTransaction(_ record: StoreRecord, at now: Date, state: TransactionState? = nil)
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

    /// The `appAccountToken` each purchase was bought with, by its id.
    static func appAccountTokens(in database: StoreDatabase) throws(StorageError) -> [TransactionID: String] {
        try database.settingsByTransaction(appAccountTokenPrefix) { $0 }
    }
}
