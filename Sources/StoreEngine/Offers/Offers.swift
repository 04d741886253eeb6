import Foundation
import IAPCore
import Signing
import Storage

/// Subscription offers: which offer a purchase or a renewal gets (introductory, promotional,
/// win-back, code, one waiting for the renewal), who may have which, and the subscription key the
/// Server signs promotional offers with. What transactions were bought under is `AppliedOffers`'
/// (`keep` is the one write of it); offers only read the subscriptions' periods.
final class Offers: StoreService {
    static let renewalOfferPrefix = "renewal-offer:"

    let context: StoreContext
    let applied: AppliedOffers
    private let periods: SubscriptionPeriods

    init(context: StoreContext, applied: AppliedOffers, periods: SubscriptionPeriods) {
        self.context = context
        self.applied = applied
        self.periods = periods
    }

    /// The offer a renewal of `latest` as `productId` is under: one the subscriber asked for
    /// while subscribed to the same product, else the next period of a pay-as-you-go offer that
    /// has periods left; nil once the regular price applies ("All subscriptions renew at the
    /// regular price when the introductory period is over").
    func renewalOffer(after latest: StoreRecord, renewingAs productId: String) throws(StorageError) -> AppliedOffer? {
        if let waiting = try waitingOffer(after: latest, renewingAs: productId) { return waiting }
        guard productId == latest.productId, let offer = applied.offer(of: latest),
              let terms = applied.terms(of: latest, in: catalog),
              offer.period < terms.coveredPeriods else { return nil }
        return offer.next
    }

    /// The offer a subscriber asked for while subscribed to the group, for the renewal of
    /// `latest` as `productId` (the same product, or the one a waiting change renews as), when
    /// it is one of that product's offers; it is used up.
    private func waitingOffer(after latest: StoreRecord, renewingAs productId: String) throws(StorageError) -> AppliedOffer? {
        let key = Self.renewalOfferPrefix + latest.originalId.description
        guard let stored = try database.setting(key) else { return nil }
        try database.removeSetting(key)
        guard let offer = AppliedOffer(stored: stored) else { return nil }
        let fits = offer.id.map { catalog.product(id: productId)?.offer(offer.type, id: $0) != nil } ?? (productId == latest.productId)
        return fits ? offer : nil
    }

    /// An offer asked for while subscribed to the group waits for the renewal of `current`.
    func waitForRenewal(_ offer: AppliedOffer, of current: StoreRecord, link: Link) throws(StorageError) {
        try database.setSetting(Self.renewalOfferPrefix + current.originalId.description, offer.stored)
        link.note(.store(.offerAtRenewal(offer: offer)), from: .store, to: nil, transactionId: current.id)
    }

    /// Cancels the offer waiting for the renewal of `current`'s subscription.
    func cancelWaitingOffer(of current: StoreRecord) throws(StorageError) {
        try database.removeSetting(Self.renewalOfferPrefix + current.originalId.description)
    }

    /// The offer a first purchase of `product` gets on its own: the introductory offer, when the
    /// account never subscribed to the group ("You can make introductory offers to customers who
    /// haven't previously received an introductory offer for the given product, or for any
    /// products in the same subscription group").
    func introductoryOffer(for product: Product, group: [StoreRecord]) -> AppliedOffer? {
        guard group.isEmpty, product.introductoryOffer != nil else { return nil }
        return AppliedOffer(type: .introductory, id: nil)
    }

    /// The offer price each subscription would be bought at now by the signed-in account without
    /// asking for an offer, by product: a paid introductory offer while the account never
    /// subscribed to the group, the cheapest win-back offer once its subscription has churned
    /// (StoreKit presents an eligible win-back offer by itself). A free trial is left out: the
    /// catalog shows it as the trial once bought.
    func offerPrices(at now: Date) throws(StoreError) -> [String: Decimal] {
        try store { () throws(StorageError) in
            var prices: [String: Decimal] = [:]
            var groups: [String: [StoreRecord]] = [:]
            for product in catalog.products(ofType: .autoRenewable) {
                let paidIntro = product.introductoryOffer.flatMap { $0.mode == .freeTrial ? nil : $0.price }
                let winBack = product.offers.filter { $0.type == .winBack }.map(\.terms.chargedPrice).min()
                guard paidIntro != nil || winBack != nil else { continue }
                let key = product.group ?? ""
                let group: [StoreRecord]
                if let known = groups[key] { group = known } else { group = try periods.groupRecords(product.group, account: account) }
                groups[key] = group
                if group.isEmpty { prices[product.id] = paidIntro } else if try isChurned(group, at: now) { prices[product.id] = winBack }
            }
            return prices
        }
    }

    // MARK: Promotional and win-back offers

    /// The win-back offers of `record`'s product its account may redeem at `now`, the cheapest
    /// first (Apple: "sorted with the best offers first", for "the customer's most recent
    /// subscription in the subscription group"); nil until the group's subscriptions have
    /// churned ("Subscriptions in a Billing Grace Period or billing retry state aren't eligible
    /// for win-back offers"), and for a product with none.
    func eligibleWinBackOfferIds(of record: StoreRecord, at now: Date) throws(StorageError) -> [String]? {
        guard let product = catalog.product(id: record.productId) else { return nil }
        let offers = product.offers.filter { $0.type == .winBack }
        guard !offers.isEmpty, try isChurned(try periods.groupRecords(product.group, account: record.account), at: now) else { return nil }
        return offers.sorted { ($0.terms.chargedPrice, $0.id) < ($1.terms.chargedPrice, $1.id) }.map(\.id)
    }

    /// Why the Store refuses the offer `request` asks for; nil when it asks for none or the
    /// account may have it. A promotional offer needs the Server's valid signature and a
    /// customer who subscribes or subscribed to the group; a win-back offer a churned one.
    func offerRefusal(_ request: PaymentRequest, at now: Date) throws(StorageError) -> PurchaseError? {
        guard let redemption = request.offer else { return nil }
        guard let product = catalog.product(id: request.productId),
              let offer = product.offers.first(where: { $0.id == redemption.offerId && $0.type != .code }) else {
            return .invalidOfferIdentifier
        }
        let group = try periods.groupRecords(product.group, account: account)
        if offer.type == .promotional {
            guard let signature = redemption.signature,
                  try isValid(signature, productId: product.id, offerId: offer.id, at: now) else { return .invalidSignature }
            return group.isEmpty ? .ineligibleForOffer : nil
        }
        return try isChurned(group, at: now) ? nil : .ineligibleForOffer
    }

    /// The offer a payment that passed `offerRefusal` is charged under, its nonce spent.
    func requestedOffer(_ request: PaymentRequest) throws(StorageError) -> AppliedOffer? {
        guard let redemption = request.offer, let product = catalog.product(id: request.productId),
              let offer = product.offers.first(where: { $0.id == redemption.offerId && $0.type != .code }) else { return nil }
        if let nonce = redemption.signature?.nonce { try database.setSetting("offer-nonce:\(nonce)", request.productId) }
        return AppliedOffer(type: offer.type, id: offer.id)
    }

    /// Whether the group's subscriptions have all lapsed: Apple's churned subscription "has an
    /// expirationDate in the past, and a willAutoRenew value of false", and "Subscriptions in a
    /// Billing Grace Period or billing retry state aren't eligible for win-back offers".
    private func isChurned(_ group: [StoreRecord], at now: Date) throws(StorageError) -> Bool {
        guard !group.isEmpty else { return false }
        for record in group where !record.refunded {
            if periods.expiry(of: record).map({ $0 > now }) ?? true { return false }
            if try database.setting("billing-retry:\(record.originalId)") != nil { return false }
        }
        return true
    }
    /// The Server's signature checked as the App Store checks it: by the subscription key the
    /// Store issued, over Apple's payload, made within the last 24 hours ("The timestamp keeps
    /// the offer active for 24 hours"), its nonce never used before ("A one-time-use UUID
    /// antireplay value you generate").
    private func isValid(_ signature: OfferSignature, productId: String, offerId: String, at now: Date) throws(StorageError) -> Bool {
        let key = try offerKey()
        let pair: ECKeyPair
        do {
            pair = try ECKeyPair.derived(from: key.secret, label: OfferSignature.keyLabel)
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot derive the subscription offer key: \(error)")
        }
        let age = SimulatedTime.millis(now) - signature.timestamp
        guard signature.keyId == key.id, age >= 0, age <= 24 * 3600 * 1000,
              try database.setting("offer-nonce:\(signature.nonce)") == nil,
              let der = Data(base64Encoded: signature.signature) else { return false }
        let payload = OfferSignature.payload(bundleId: catalog.app.bundleId, productId: productId, offerId: offerId, keyId: key.id, nonce: signature.nonce,
                                             timestamp: signature.timestamp)
        do {
            return try pair.isValid(ECDSASignature(der: Array(der)), of: payload)
        } catch {
            return false
        }
    }

    /// The subscription key the Store issued the app (App Store Connect's In-App Purchase key):
    /// its id and the secret the Server derives the private key from.
    func offerSigningKey() throws(StoreError) -> (id: String, secret: String) {
        try store { () throws(StorageError) in
            let key = try offerKey()
            return (key.id, Data(key.secret).base64EncodedString())
        }
    }

    private func offerKey() throws(StorageError) -> (id: String, secret: [UInt8]) {
        do {
            let secret = try Hashing.hmacSHA256(key: storeKey, Array("storesim subscription offer key".utf8))
            let id = try Hashing.hmacSHA256(key: secret, Array("key id".utf8)).prefix(5).map { String(format: "%02X", $0) }.joined()
            return (id, secret)
        } catch {
            throw StorageError(path: database.database.path, problem: "cannot derive the subscription offer key: \(error)")
        }
    }
}
