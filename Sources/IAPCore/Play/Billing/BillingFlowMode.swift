/// What the person does on Google Play's purchase sheet that `launchBillingFlow` opens.
public enum BillingFlowMode: String, Sendable, CaseIterable {
    /// Pays: the purchase is PURCHASED at once.
    case confirm
    /// Closes the sheet: USER_CANCELED, and no purchase.
    case cancel
    /// Chooses a delayed form of payment (cash at a shop): the purchase is PENDING until the
    /// payment completes or is canceled.
    case pending
}
