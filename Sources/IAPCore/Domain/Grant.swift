import Foundation

/// What the Server granted for a credited purchase: a consumable's amounts, or the product the
/// user owns now (until the end of the period a subscription's transaction pays for).
public enum Grant: Sendable, Equatable, Codable {
    /// A consumable's amounts, one per currency in sorted order.
    case amounts([GrantAmount])
    /// The product, owned for good or until a moment (milliseconds since 1970).
    case owns(productId: String, untilMillis: Int64?)
    /// A grant the Server's ledger recorded before grants were kept as values: its words as written.
    case written(String)

    /// The grant of a credited `product` whose transaction's period ends at `until`.
    public init(_ product: Product, until: Date?) {
        switch product.type {
        case .consumable: self = .amounts(product.grantInOrder)
        case .nonConsumable: self = .owns(productId: product.id, untilMillis: nil)
        case .autoRenewable, .nonRenewing: self = .owns(productId: product.id, untilMillis: until.map(SimulatedTime.millis))
        }
    }

    /// The grant in English: `+100 coins`, `owns com.storesim.pro until 2026-01-01 00:00:00`;
    /// a consumable's amounts are written piece by piece into one allocation, once per credit.
    public var english: String {
        switch self {
        case .amounts(let amounts):
            String(atMost: amounts.reduce(0) { $0 + 24 + $1.currency.utf8.count }) { text in
                for (place, amount) in amounts.enumerated() {
                    if place > 0 { text.literal(", ") }
                    text.literal("+")
                    text.decimal(Int64(amount.amount))
                    text.literal(" ")
                    text.text(amount.currency)
                }
            }
        case .owns(let productId, nil): "owns \(productId)"
        case .owns(let productId, let until?): "owns \(productId) until \(SimulatedTime.format(millis: until))"
        case .written(let words): words
        }
    }
}
