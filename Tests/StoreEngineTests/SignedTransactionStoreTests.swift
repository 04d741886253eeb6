import Foundation
import IAPCore
import Signing
import Storage
import StoreEngine
import Testing
import TestSupport

/// Under StoreKit 2 the Store signs every transaction it issues, as the App Store does: "The
/// App Store signs transaction and renewal information … It uses the following x5c certificate
/// chain, in the following order" (JWSDecodedHeader), and the payload has the fields of
/// JWSTransactionDecodedPayload.
@Suite("The Store's signed transactions")
final class SignedTransactionStoreTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private var path: String { folder.path + "/store.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func signingStore(seed: UInt64 = 42) throws -> Store {
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: seed)
        try store.serve(.storekit2, from: link.now)
        return store
    }

    private func buy(_ store: Store, _ productId: String, _ answer: SheetAnswer = .confirm) throws -> StoreRecord {
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: answer)), link: link)
        return try #require(try store.transactions().last)
    }

    private func payload(_ record: StoreRecord, _ store: Store) throws -> [String: Any] {
        let jws = try #require(record.signedTransaction)
        let root = try #require(store.rootCertificate)
        let bytes = try JWSVerifier(root: root).verify(jws, at: .signedDate)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func aPurchaseIsSignedWithApplesFieldNamesAndVerifiesAgainstTheStoresRoot() throws {
        let store = try signingStore()
        link.now = SimulatedTime.epoch.addingTimeInterval(30)
        let record = try buy(store, "com.storesim.coins.100")
        let fields = try payload(record, store)
        #expect(fields["transactionId"] as? String == record.id.description)
        #expect(fields["originalTransactionId"] as? String == record.id.description)
        #expect(fields["productId"] as? String == "com.storesim.coins.100")
        #expect(fields["bundleId"] as? String == AppIdentity.standard.bundleId)
        #expect(fields["type"] as? String == "Consumable")
        #expect(fields["quantity"] as? Int == 1)
        #expect(fields["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(fields["environment"] as? String == "Production")
        #expect(fields["transactionReason"] as? String == "PURCHASE")
        #expect(fields["storefront"] as? String == "USA")
        #expect(fields["currency"] as? String == "USD")
        #expect(fields["price"] as? Int == 990, "milliunits of the currency")
        #expect(fields["purchaseDate"] as? Int == 1_767_225_630_000)
        #expect(fields["signedDate"] as? Int == 1_767_225_630_000)
        #expect(fields["expiresDate"] == nil && fields["revocationDate"] == nil && fields["appAccountToken"] == nil)
    }

    @Test func aSubscriptionsTrialAndRenewalSayWhatTheyAre() throws {
        let store = try signingStore()
        let trial = try payload(try buy(store, "com.storesim.premium.monthly"), store)
        #expect(trial["type"] as? String == "Auto-Renewable Subscription")
        #expect(trial["subscriptionGroupIdentifier"] as? String == store.catalog.subscriptionGroupIdentifier("premium"))
        #expect(store.catalog.subscriptionGroupIdentifier("premium") == "25374053", "a number made from the name, as Apple's is a number")
        #expect(trial["offerType"] as? Int == 1)
        #expect(trial["offerDiscountType"] as? String == "FREE_TRIAL")
        #expect(trial["price"] as? Int == 0)
        #expect(trial["expiresDate"] as? Int == 1_767_225_600_000 + 7 * 86_400_000)
        link.now = SimulatedTime.epoch.addingTimeInterval(8 * 86400)
        try store.renewDueSubscriptions(link: link)
        let renewal = try #require(try store.transactions().last)
        let renewed = try payload(renewal, store)
        #expect(renewed["transactionReason"] as? String == "RENEWAL")
        #expect(renewed["originalTransactionId"] as? String == trial["transactionId"] as? String)
        #expect(renewed["originalPurchaseDate"] as? Int == trial["purchaseDate"] as? Int)
        #expect(renewed["signedDate"] as? Int == 1_767_225_600_000 + 8 * 86_400_000)
    }

    @Test func aRefundSignsTheTransactionAgainWithItsRevocation() throws {
        let store = try signingStore()
        let record = try buy(store, "com.storesim.pro")
        let refundedAt = SimulatedTime.epoch.addingTimeInterval(3600)
        try store.refund(productId: "com.storesim.pro", at: refundedAt)
        let refunded = try #require(try store.transactions().first { $0.id == record.id })
        #expect(refunded.signedTransaction != record.signedTransaction)
        let fields = try payload(refunded, store)
        #expect(fields["revocationDate"] as? Int == 1_767_229_200_000)
        #expect(fields["revocationReason"] as? Int == 0)
    }

    @Test func onlyTransactionsStoreKit2KnowsAreSignedAndAStoreKit1StoreSignsNothing() throws {
        let store = try signingStore()
        #expect(try buy(store, "com.storesim.coins.100", .cancel).signedTransaction == nil)
        #expect(try buy(store, "com.storesim.coins.100", .ask).signedTransaction == nil)
        try store.serve(.storekit1, from: link.now)
        #expect(try buy(store, "com.storesim.coins.550").signedTransaction == nil)
    }

    @Test func theChainIsMadeOnceKeptInTheDatabaseAndTheSameForTheSameSeed() throws {
        let root = try #require(try signingStore().rootCertificate)
        #expect(try Store.readRootCertificate(path: path) == root.pem)
        link.now = SimulatedTime.epoch.addingTimeInterval(86400)
        #expect(try signingStore().rootCertificate == root, "reopened a day later: the kept chain, not a new one")
        let other = try TemporaryFolder()
        let again = try Store(path: other.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
        try again.serve(.storekit2, from: SimulatedTime.epoch)
        #expect(again.rootCertificate == root)
        let elsewhere = try Store(path: other.path + "/other.sqlite", catalog: BuiltInCatalog.catalog(), seed: 43)
        try elsewhere.serve(.storekit2, from: SimulatedTime.epoch)
        #expect(elsewhere.rootCertificate != root)
    }

    @Test func aKeptChainThatIsNotTheStoresIsRefusedAndLeftAsItIs() throws {
        _ = try signingStore(seed: 42)
        let other = try TemporaryFolder()
        let foreign = try Store(path: other.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 43)
        try foreign.serve(.storekit2, from: SimulatedTime.epoch)
        let foreignLeaf = try SQLiteDatabase(path: other.path + "/store.sqlite", readOnly: true).rows(
            "SELECT value FROM settings WHERE key = 'signing-leaf'", table: "settings", key: "value"
        ) { (row) throws(SQLiteColumnError) in try row.text("value") }
        try SQLiteDatabase(path: path).query("UPDATE settings SET value = ? WHERE key = 'signing-leaf'",
                                             [.text(try #require(foreignLeaf.first))])
        let store = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
        #expect(throws: StoreError.storage(StorageError(
            path: path, problem: "table settings: the signing certificates do not match the Store's key; left untouched"))) {
            try store.serve(.storekit2, from: SimulatedTime.epoch)
        }
    }
}
