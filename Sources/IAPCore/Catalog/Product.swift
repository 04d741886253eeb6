import Foundation

/// One product the Store sells, as the catalog describes it.
public struct Product: Sendable, Equatable, Identifiable {
    /// The Store's product id, e.g. `com.storesim.coins.100`.
    public let id: String
    public let type: ProductType
    /// The name developers see; the last fallback for a title.
    public let referenceName: String
    /// Price in the storefront's currency.
    public let price: Decimal
    /// Title and description by locale, keyed like `en_US` and `zh_CN`.
    public let localizations: [String: Localization]
    /// Consumables only: what the Server credits per purchase, currency name → amount.
    public let grant: [String: Int]
    /// `grant` by currency name, in order: the order a credit writes its balances in.
    public let grantInOrder: [GrantAmount]
    /// `grant` in words, by currency name: "+100 coins", "+1 gem, +50 coins".
    public let grantWords: String
    /// The backend's own id for the product, when it has one.
    public let serverProductId: String?
    /// Auto-renewable subscriptions only: how long one period lasts.
    public let period: ISODuration?
    /// Auto-renewable subscriptions only: the subscription group.
    public let group: String?
    /// Auto-renewable subscriptions only, optional: the service level within the group, 1 the
    /// highest (Xcode's `groupNumber`).
    public let level: Int?
    /// Auto-renewable subscriptions only, optional: the offer for new subscribers.
    public let introductoryOffer: IntroductoryOffer?
    /// Non-renewing subscriptions only: how long one purchase lasts; nil when the catalog does
    /// not say (an Xcode file never does), and then the Server's entitlement does not expire.
    public let duration: ISODuration?
    /// Whether Family Sharing shares the purchase; nil when the catalog does not say.
    public let familyShareable: Bool?
    /// Auto-renewable subscriptions only: promotional offers, offer codes and win-back offers.
    public let offers: [SubscriptionOffer]

    public init(
        id: String,
        type: ProductType,
        referenceName: String,
        price: Decimal,
        localizations: [String: Localization],
        grant: [String: Int] = [:],
        serverProductId: String? = nil,
        period: ISODuration? = nil,
        group: String? = nil,
        level: Int? = nil,
        introductoryOffer: IntroductoryOffer? = nil,
        duration: ISODuration? = nil,
        familyShareable: Bool? = nil,
        offers: [SubscriptionOffer] = []
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.price = price
        self.localizations = localizations
        self.grant = grant
        grantInOrder = grant.sorted { $0.key < $1.key }.map { GrantAmount(currency: $0.key, amount: $0.value) }
        grantWords = Grant.amounts(grantInOrder).english
        self.serverProductId = serverProductId
        self.period = period
        self.group = group
        self.level = level
        self.introductoryOffer = introductoryOffer
        self.duration = duration
        self.familyShareable = familyShareable
        self.offers = offers
    }

    /// Whether Family Sharing shares a purchase of this product with the purchaser's family: the
    /// catalog marks it `familyShareable` and it is a non-consumable or an auto-renewable
    /// subscription. Apple, "Supporting Family Sharing in your app": "Family Sharing allows a
    /// customer to share access to auto-renewable subscriptions or non-consumables with up to
    /// five family members on all of their Apple devices."
    public var isFamilyShared: Bool {
        familyShareable == true && (type == .nonConsumable || type == .autoRenewable)
    }

    /// The title for `locale`, else the `en_US` one, else the reference name.
    public func title(locale: String) -> String {
        localization(for: locale)?.title ?? referenceName
    }

    /// The description for `locale`, else the `en_US` one, else the reference name.
    public func description(locale: String) -> String {
        localization(for: locale)?.description ?? referenceName
    }

    private func localization(for locale: String) -> Localization? {
        localizations[locale] ?? localizations["en_US"]
    }
}

/// An amount of one currency a consumable grants.
public struct GrantAmount: Sendable, Equatable, Codable {
    public let currency: String
    public let amount: Int

    public init(currency: String, amount: Int) {
        self.currency = currency
        self.amount = amount
    }
}
