/// A base plan of a Google Play subscription, made from one auto-renewable product of the
/// catalog. Google: "A base plan specifies the billing period and renewal type for a
/// subscription." StoreSim's Play has one subscription per App Store subscription group, named
/// after the group in the alphabet of Google's product ids ("lower-case letters (a-z), numbers
/// (0-9), underscores (_) and dots (.)"; anything else becomes `_`), and one auto-renewing base
/// plan per product of the group, whose id is the product id's last component in the alphabet of
/// base plan ids ("lower-case letters (a-z), numbers (0-9), and hyphens (-)"; anything else
/// becomes `-`): `com.storesim.premium.monthly` is the base plan `monthly` of the subscription
/// `premium`, renewing every `P1M`, the product's period. The product's introductory offer is
/// the base plan's offer (`PlayOffer`).
public struct PlayBasePlan: Equatable, Sendable {
    /// The catalog's product id, which the app buys and the Server credits.
    public let productId: String
    /// The Play subscription's product id: the App Store group's name.
    public let subscriptionId: String
    public let basePlanId: String
    /// The base plan's `billingPeriodDuration` ("in ISO 8601 format"), the product's period.
    public let billingPeriodDuration: ISODuration
    /// The developer-determined offer made from the product's introductory offer, if it has one.
    public let offer: PlayOffer?

    public init(productId: String, subscriptionId: String, basePlanId: String, billingPeriodDuration: ISODuration,
                offer: PlayOffer? = nil) {
        self.productId = productId
        self.subscriptionId = subscriptionId
        self.basePlanId = basePlanId
        self.billingPeriodDuration = billingPeriodDuration
        self.offer = offer
    }

    /// The base plan of each auto-renewable product of `catalog` that has a period, by product id.
    public static func plans(of catalog: Catalog) -> [String: PlayBasePlan] {
        var plans: [String: PlayBasePlan] = [:]
        for product in catalog.products where product.type == .autoRenewable {
            guard let period = product.period else { continue }
            plans[product.id] = PlayBasePlan(productId: product.id, subscriptionId: subscriptionId(ofGroup: product.group ?? product.id),
                                             basePlanId: basePlanId(ofProduct: product.id), billingPeriodDuration: period,
                                             offer: product.introductoryOffer.map(PlayOffer.init(terms:)))
        }
        return plans
    }

    /// The Play subscription's product id of the subscription group `group`: its name in lower
    /// case, every character other than a letter, a digit, `_` and `.` written `_`.
    public static func subscriptionId(ofGroup group: String) -> String {
        googleId(group, keeping: "_.", other: "_")
    }

    /// The base plan id of the catalog's product `productId`: its last component in lower case,
    /// every character other than a letter, a digit and `-` written `-`.
    public static func basePlanId(ofProduct productId: String) -> String {
        googleId(String(productId.split(separator: ".").last ?? Substring(productId)), keeping: "-", other: "-")
    }

    private static func googleId(_ text: String, keeping kept: String, other: Character) -> String {
        String(text.lowercased().map { character in
            character.isASCII && (character.isLetter || character.isNumber) || kept.contains(character) ? character : other
        })
    }
}
