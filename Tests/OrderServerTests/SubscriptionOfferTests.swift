import Foundation
import IAPCore
import OrderServer
import Signing
import StoreEngine
import Testing
import TestSupport

/// Promotional offers, offer codes and win-back offers between a real Store and a real Server,
/// held to Apple's documentation.
@Suite("Subscription offers: signed promotional offers, offer codes, win-back offers")
final class SubscriptionOfferTests {
    private static let monthly = "com.storesim.premium.monthly"
    private let folder: TemporaryFolder
    private let router: Router

    init() throws {
        folder = try TemporaryFolder()
        router = try Router(directory: folder.path)
        let key = try router.store.offerSigningKey()
        try router.server.configure { $0.offerKey = key }
        try router.store.serve(.storekit2, from: router.now)
    }

    /// The Server's answer when the app asks it to sign `offerId`.
    private func signature(_ offerId: String = "comeback", for productId: String = monthly) throws -> OfferSignature? {
        try router.deliver(.signOffer(OfferSignatureRequest(productId: productId, offerId: offerId)))
        guard case .offerSigned(let signed) = try #require(router.takeToApp().last) else { return nil }
        return signed.signature
    }

    /// Buys under an offer (StoreKit 2): the purchase's result.
    private func buy(_ offerId: String, signature: OfferSignature?, productId: String = monthly) throws -> PurchaseResult? {
        try router.deliver(.purchase(PaymentRequest(productId: productId, answer: .confirm,
                                                    offer: OfferRedemption(offerId: offerId, signature: signature))))
        guard case .purchaseResult(let result) = router.takeToApp().last else { return nil }
        return result
    }

    /// A subscription bought, then lapsed: its trial ended a day ago and it did not renew.
    private func lapse() throws {
        try router.deliver(.purchase(PaymentRequest(productId: Self.monthly, answer: .confirm)))
        try router.store.setAutoRenew(productId: Self.monthly, on: false, at: router.now)
        router.now = router.now.addingTimeInterval(8 * 86_400)
        _ = router.takeToApp()
    }

    private func payload(_ record: StoreRecord) throws -> SignedTransactionPayload {
        let root = try #require(router.store.rootCertificate)
        let bytes = try JWSVerifier(root: root).verify(try #require(record.signedTransaction), at: .signedDate)
        return try JSONDecoder().decode(SignedTransactionPayload.self, from: Data(bytes))
    }

    /// The receipt's entry for `record`, as `verifyReceipt` answers it.
    private func receiptEntry(_ record: StoreRecord) throws -> ReceiptEntry? {
        try router.store.receive(.refreshReceipt, link: router)
        guard case .receiptRefreshed(let receipt) = router.take().last else { return nil }
        let request = VerificationRequest(transactionId: record.id, productId: record.productId, serverProductId: nil, receipt: receipt)
        try router.store.receive(.verifyReceipt(ReceiptCheck(request: request, sharedSecret: router.store.sharedSecret)), link: router)
        guard case .receiptChecked(let result) = router.take().last else { return nil }
        return result.entries.first { $0.transactionId == record.id }
    }

    /// Apple, SKPaymentDiscount.signature: "To keep your private key secure, generate the
    /// signature on a server. Generate the signature using the Elliptic Curve Digital Signature
    /// Algorithm (ECDSA) with SHA 256." The payload is Apple's, checked here by libcrypto with the
    /// public key alone.
    @Test func theServerSignsApplesPayloadWithTheSubscriptionKey() throws {
        let signature = try #require(try signature())
        let key = try router.store.offerSigningKey()
        #expect(signature.keyId == key.id)
        #expect(signature.nonce == signature.nonce.lowercased() && UUID(uuidString: signature.nonce) != nil)
        let pair = try ECKeyPair.derived(from: Array(try #require(Data(base64Encoded: key.secret))), label: OfferSignature.keyLabel)
        let payload = "com.storesim.app\u{2063}\(key.id)\u{2063}\(Self.monthly)\u{2063}comeback\u{2063}\u{2063}\(signature.nonce)\u{2063}\(signature.timestamp)"
        let der = Array(try #require(Data(base64Encoded: signature.signature)))
        #expect(try pair.isValid(ECDSASignature(der: der), of: Array(payload.utf8)))
        #expect(try !pair.isValid(ECDSASignature(der: der), of: Array(payload.replacingOccurrences(of: "comeback", with: "comebacks").utf8)))
        #expect(try self.signature("no-such-offer") == nil, "the Server signs only the product's promotional offers")
    }

    /// Apple: "promotional offers are for existing or previous subscribers"; the JWS says
    /// offerType 2 ("PROMOTIONAL_OFFER: 2") with the offer's id, the price is the offer's, and the
    /// receipt's `promotional_offer_id` names it.
    @Test func aLapsedSubscriberBuysAtTheOfferPrice() throws {
        #expect(try buy("comeback", signature: signature()) == .failed(productId: Self.monthly, .ineligibleForOffer),
                "a customer who never subscribed to the group is not eligible")
        try lapse()
        guard case .success = try buy("comeback", signature: signature()) else { Issue.record("the offer was refused"); return }
        let record = try #require(try router.store.transactions().last)
        let jws = try payload(record)
        #expect(jws.offerType == 2 && jws.offerIdentifier == "comeback" && jws.offerDiscountType == "PAY_AS_YOU_GO")
        #expect(jws.price == 990, "the offer's $0.99, in milliunits")
        #expect(try receiptEntry(record)?.promotionalOfferId == "comeback")
    }

    /// Apple: SKError.invalidSignature, "the signature in a payment discount isn't valid"; "Keep
    /// in mind that the signature must correspond to the parameters in the payment for a
    /// transaction to be successful"; the nonce is "A one-time-use UUID antireplay value"; "The
    /// timestamp keeps the offer active for 24 hours".
    @Test func aBadMissingReplayedOrStaleSignatureIsRefused() throws {
        try lapse()
        let good = try #require(try signature())
        let byte = good.signature.index(good.signature.startIndex, offsetBy: 20)
        let flipped = String(good.signature[..<byte]) + (good.signature[byte] == "A" ? "B" : "A") + String(good.signature[good.signature.index(after: byte)...])
        let tampered = OfferSignature(keyId: good.keyId, nonce: good.nonce, timestamp: good.timestamp, signature: flipped)
        let otherKey = OfferSignature(keyId: "ABCDEFGHIJ", nonce: good.nonce, timestamp: good.timestamp, signature: good.signature)
        for bad in [tampered, otherKey, nil] as [OfferSignature?] {
            #expect(try buy("comeback", signature: bad) == .failed(productId: Self.monthly, .invalidSignature))
        }
        guard case .success = try buy("comeback", signature: good) else { Issue.record("the good signature was refused"); return }
        try router.store.expire(productId: Self.monthly, at: router.now)
        #expect(try buy("comeback", signature: good) == .failed(productId: Self.monthly, .invalidSignature), "a nonce is used once")
        let stale = try #require(try signature())
        router.now = router.now.addingTimeInterval(24 * 3600 + 1)
        #expect(try buy("comeback", signature: stale) == .failed(productId: Self.monthly, .invalidSignature))
        #expect(try buy("spring", signature: nil) == .failed(productId: Self.monthly, .invalidOfferIdentifier),
                "an offer code is redeemed, not bought")
    }

    /// Apple: "the signature must correspond to the parameters in the payment": a promotional
    /// purchase that waits for a parent (Ask to Buy) is charged under its offer when approved.
    @Test func anApprovedAskToBuyKeepsItsOffer() throws {
        try lapse()
        try router.deliver(.purchase(PaymentRequest(productId: Self.monthly, answer: .ask,
                                                    offer: OfferRedemption(offerId: "comeback", signature: signature()))))
        #expect(router.takeToApp().last == .purchaseResult(.pending(productId: Self.monthly)))
        try router.store.approve(productId: Self.monthly, link: router)
        let record = try #require(try router.store.transactions().last)
        #expect(record.charged && router.store.appliedOffer(of: record)?.id == "comeback")
        #expect(try payload(record).price == 990)
    }

    /// An interrupted promotional purchase keeps its offer: resolving it charges the offer price.
    @Test func aResolvedInterruptedPurchaseKeepsItsOffer() throws {
        try lapse()
        try router.store.setSwitches { $0[.interrupt] = .on }
        #expect(try buy("comeback", signature: signature()) == .failed(productId: Self.monthly, .interrupted))
        try router.store.setSwitches { $0[.interrupt] = .off }
        try router.store.resolve(productId: Self.monthly, link: router)
        let record = try #require(try router.store.transactions().last)
        #expect(record.charged)
        #expect(try payload(record).offerType == 2 && payload(record).price == 990, "the offer's $0.99, in milliunits")
    }

    /// Apple: a churned subscription "has an expirationDate in the past, and a willAutoRenew
    /// value of false"; the JWS's offerType is 4 ("The raw value of the winBack offer type is 4").
    @Test func aWinBackOfferIsForChurnedSubscribersOnly() throws {
        #expect(try buy("winback", signature: nil) == .failed(productId: Self.monthly, .ineligibleForOffer))
        try router.deliver(.purchase(PaymentRequest(productId: Self.monthly, answer: .confirm)))
        _ = router.takeToApp()
        #expect(try buy("winback", signature: nil) == .failed(productId: Self.monthly, .ineligibleForOffer), "still subscribed")
        router.now = router.now.addingTimeInterval(3 * 86_400)
        try router.store.expire(productId: Self.monthly, at: router.now)
        guard case .success = try buy("winback", signature: nil) else { Issue.record("the win-back offer was refused"); return }
        let record = try #require(try router.store.transactions().last)
        let jws = try payload(record)
        #expect(jws.offerType == 4 && jws.offerIdentifier == "winback" && jws.offerDiscountType == "PAY_UP_FRONT" && jws.price == 1990)
        #expect(router.store.expiry(of: record) == ISODuration(months: 2).added(to: record.date), "pay up front: one charge for the offer's whole P2M")
    }

    /// Apple (eligibleWinBackOfferIDs): "Subscriptions in a Billing Grace Period or billing retry
    /// state aren't eligible for win-back offers."
    @Test func aSubscriptionInBillingRetryIsNotWonBack() throws {
        try router.deliver(.purchase(PaymentRequest(productId: Self.monthly, answer: .confirm)))
        _ = router.takeToApp()
        try router.store.setBilling(productId: Self.monthly, fails: true)
        router.now = router.now.addingTimeInterval(10 * 86_400)
        try router.store.renewDueSubscriptions(link: router)
        #expect(try router.store.billingRetries().count == 1, "the renewal could not be charged: billing retry")
        #expect(try buy("winback", signature: nil) == .failed(productId: Self.monthly, .ineligibleForOffer))
    }

    /// Apple, offer_code_ref_name: "When a customer successfully redeems an offer code, this field
    /// is present in the receipt"; the JWS's offerType is 3 ("OFFER_CODE: 3"). A custom code
    /// redeems once per account.
    @Test func anOfferCodeRedeemsOncePerAccount() throws {
        try router.deliver(.redeemOfferCode(code: "spring"))
        let record = try #require(try router.store.transactions().last)
        #expect(router.takeToApp().contains { if case .transactionUpdate(let update) = $0 { update.transactionId == record.id } else { false } })
        let jws = try payload(record)
        #expect(jws.offerType == 3 && jws.offerIdentifier == "SPRING" && jws.offerDiscountType == "FREE_TRIAL" && jws.price == 0)
        #expect(try receiptEntry(record)?.offerCodeRefName == "SPRING")
        try router.deliver(.redeemOfferCode(code: "SPRING"))
        try router.deliver(.redeemOfferCode(code: "WINTER"))
        #expect(try router.store.transactions().count == 1)
        #expect(router.notes.contains("offer code SPRING redeemed already: an account redeems a code once (tx \(record.id))"))
        #expect(router.notes.contains("offer code WINTER is not valid"))
        try router.store.signIn(account: "other")
        try router.deliver(.redeemOfferCode(code: "SPRING"))
        #expect(try router.store.transactions().count == 2)
    }

    /// Apple's App Store Connect makes "one-time use codes for an auto-renewable subscription
    /// offer": such a code redeems once, whoever redeems it.
    @Test func aOneTimeUseCodeRedeemsOnceInAll() throws {
        let json = BuiltInCatalog.json.replacingOccurrences(of: """
            "id": "SPRING",
            """, with: """
            "id": "SPRING", "oneTime": true,
            """)
        let catalog = try CatalogParser.parse(Data(json.utf8), file: "catalog.json")
        #expect(catalog.product(id: Self.monthly)?.offer(.code, id: "SPRING")?.oneTime == true)
        let other = try TemporaryFolder()
        let router = try Router(directory: other.path, catalog: catalog)
        try router.deliver(.redeemOfferCode(code: "SPRING"))
        let first = try #require(try router.store.transactions().last)
        try router.store.signIn(account: "other")
        try router.deliver(.redeemOfferCode(code: "SPRING"))
        #expect(try router.store.transactions() == [first])
        #expect(router.notes.contains("offer code SPRING redeemed already: a one-time use code redeems once (tx \(first.id))"))
    }
}
