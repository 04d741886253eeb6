/// What the person does on Google Play's purchase sheet that `launchBillingFlow` opens.
public enum BillingFlowMode: String, Sendable, CaseIterable {
    /// Pays: the purchase is PURCHASED at once.
    case confirm
    /// Closes the sheet: USER_CANCELED, and no purchase.
    case cancel
    /// Chooses a delayed form of payment (cash at a shop): the purchase is PENDING until the
    /// payment completes or is canceled.
    case pending
    /// A license tester's "Slow test card, approves after a few minutes": PENDING, then
    /// PURCHASED two minutes later on the simulated clock.
    case slowApprove
    /// A license tester's "Slow test card, declines after a few minutes": PENDING, then
    /// canceled two minutes later on the simulated clock.
    case slowDecline

    /// The mode of the sheet's answer (Ask to Buy is the App Store's; Play never sees it).
    public init(_ answer: SheetAnswer) {
        switch answer {
        case .confirm, .ask: self = .confirm
        case .cancel: self = .cancel
        case .pending: self = .pending
        case .slowApprove: self = .slowApprove
        case .slowDecline: self = .slowDecline
        }
    }
}
