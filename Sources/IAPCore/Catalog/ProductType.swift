/// The four kinds of in-app purchase, spelled as in `catalog.json`.
public enum ProductType: String, Sendable, CaseIterable, Codable {
    /// Bought again and again; each purchase grants an amount of a currency.
    case consumable
    /// Bought once, owned for good, restorable.
    case nonConsumable
    /// A subscription that renews every period until turned off.
    case autoRenewable
    /// A pass for a fixed duration that does not renew.
    case nonRenewing
}
