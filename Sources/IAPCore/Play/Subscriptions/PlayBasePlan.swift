/// A base plan of a Google Play subscription, made from one auto-renewable product of the
/// catalog. Google: "A base plan specifies the billing period and renewal type for a
/// subscription." StoreSim's Play has one subscription per App Store subscription group, named
/// after the group (`premium`), and one auto-renewing base plan per product of the group, whose
/// id is the product id's last component, in Google's alphabet (lower case letters, digits and
/// `-`; anything else becomes `-`): `com.storesim.premium.monthly` is the base plan `monthly` of
/// the subscription `premium`, renewing every `P1M`, the product's period.
public struct PlayBasePlan: Equatable, Sendable {
    /// The catalog's product id, which the app buys and the Server credits.
    public let productId: String
    /// The Play subscription's product id: the App Store group's name.
    public let subscriptionId: String
    public let basePlanId: String
    /// The base plan's `billingPeriodDuration` ("in ISO 8601 format"), the product's period.
    public let billingPeriodDuration: ISODuration

    public init(productId: String, subscriptionId: String, basePlanId: String, billingPeriodDuration: ISODuration) {
        self.productId = productId
        self.subscriptionId = subscriptionId
        self.basePlanId = basePlanId
        self.billingPeriodDuration = billingPeriodDuration
    }

    /// The base plan of each auto-renewable product of `catalog` that has a period, by product id.
    public static func plans(of catalog: Catalog) -> [String: PlayBasePlan] {
        var plans: [String: PlayBasePlan] = [:]
        for product in catalog.products where product.type == .autoRenewable {
            guard let period = product.period else { continue }
            let group = product.group ?? product.id
            plans[product.id] = PlayBasePlan(productId: product.id, subscriptionId: googleId(group),
                                             basePlanId: googleId(String(product.id.split(separator: ".").last ?? Substring(product.id))),
                                             billingPeriodDuration: period)
        }
        return plans
    }

    /// `text` in the alphabet Google allows in a base plan id: lower case letters, digits and
    /// `-`, every other character `-`.
    static func googleId(_ text: String) -> String {
        String(text.lowercased().map { character in
            character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
        })
    }
}
