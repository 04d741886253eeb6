/// How a purchase changes an account's plan within a subscription group, as the timeline names it.
public enum PlanChange: String, Sendable, Equatable, Codable {
    case upgrade
    case crossgrade
    case downgrade
}
