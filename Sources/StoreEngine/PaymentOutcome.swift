import IAPCore

/// What the Store does with a payment, whichever StoreKit asked for it.
enum PaymentOutcome {
    /// The payment fails: an unknown product, payments off, the user cancelled, a Store switch.
    case fails(PurchaseError)
    /// The payment waits for a parent (Ask to Buy).
    case waits
    /// The payment goes to `charge`, which charges it unless the account already holds what it buys.
    case charges
}
