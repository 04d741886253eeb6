/// A `ProductPurchase`'s `acknowledgementState`. Google: "0. Yet to be acknowledged 1. Acknowledged".
public enum AcknowledgementState: Int, Sendable, Codable, EventJSON {
    case yetToBeAcknowledged = 0
    case acknowledged = 1
}
