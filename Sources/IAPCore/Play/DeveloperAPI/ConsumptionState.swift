/// A `ProductPurchase`'s `consumptionState`. Google: "0. Yet to be consumed 1. Consumed".
public enum ConsumptionState: Int, Sendable, Codable, EventJSON {
    case yetToBeConsumed = 0
    case consumed = 1
}
