/// Where a subscriber stands with a price increase that requires consent (Apple's
/// `priceIncreaseStatus`): asked and not yet answered, agreed, or declined.
public enum PriceConsent: String, Sendable, Equatable {
    case pending
    case agreed
    case declined
}
