/// What the user does on the store's purchase sheet: the App Store's (confirm, cancel, Ask to
/// Buy) or Google Play's (confirm, cancel, a delayed form of payment, a slow test card).
public enum SheetAnswer: String, Sendable, CaseIterable, Codable {
    case confirm
    case cancel
    case ask
    /// Google Play: a delayed form of payment (cash at a shop); the purchase is PENDING until
    /// `approve` or `decline`.
    case pending
    /// Google Play's license-test instrument "Slow test card, approves after a few minutes".
    case slowApprove = "slow-approve"
    /// Google Play's license-test instrument "Slow test card, declines after a few minutes".
    case slowDecline = "slow-decline"

    /// The answers of the App Store's sheet.
    public static let appStore: [SheetAnswer] = [.confirm, .cancel, .ask]

    /// The answers of Google Play's sheet: no Ask to Buy.
    public static let play: [SheetAnswer] = [.confirm, .cancel, .pending, .slowApprove, .slowDecline]
}
