/// A `SubscriptionPurchaseV2`'s `acknowledgementState`: "The acknowledgement state of the subscription."
public enum SubscriptionAcknowledgementState: String, Sendable, Codable, CaseIterable {
    /// "The subscription is not acknowledged yet."
    case pending = "ACKNOWLEDGEMENT_STATE_PENDING"
    /// "The subscription is acknowledged."
    case acknowledged = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
}
