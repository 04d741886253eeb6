import IAPCore

/// What a payment for a product charges, given what the account already holds: the one rule
/// every path that charges (a purchase under either StoreKit, an Ask to Buy approval, an offer,
/// a redeemed code, a resolved interruption) goes through.
enum PaymentHolding {
    /// Nothing the account holds covers the product: it is charged (a subscription changes the
    /// group's active one as Apple ranks the two).
    case charges
    /// The account owns this non-consumable: nothing is charged; the purchase that bought it is
    /// handed back ("you've already purchased this").
    case owned(StoreRecord)
    /// The account subscribes to this very product now: nothing is charged; its subscription is
    /// handed back, a change waiting for its renewal is cancelled, an offer waits for the renewal.
    case subscribed(StoreRecord)
    /// The App Store is retrying the renewal of the account's subscription of this product's
    /// group (billing retry): nothing is charged and no new subscription starts until the
    /// billing problem is solved; the payment fails (`PurchaseError.billingIssue`).
    case billingRetry(StoreRecord)
}
