import IAPCore

/// How a purchase changes the subscription an account already has in the same group, by the
/// products' service levels (1 is the highest; a product without one is on the group's only
/// level) and periods, as Apple ranks them.
enum GroupChange: Equatable {
    /// To a higher level: at once, with a prorated refund of the unused part of the old one.
    case upgrade
    /// To the same level and the same period: at once, like an upgrade.
    case crossgradeNow
    /// To the same level and another period: waits for the next renewal.
    case crossgradeAtRenewal
    /// To a lower level: waits for the next renewal.
    case downgrade

    /// The change from `current` to `next`.
    init(from current: Product, to next: Product) {
        let (was, will) = (current.level ?? 1, next.level ?? 1)
        if will < was {
            self = .upgrade
        } else if will > was {
            self = .downgrade
        } else {
            self = current.period == next.period ? .crossgradeNow : .crossgradeAtRenewal
        }
    }

    /// Whether the new subscription starts at once (else it waits for the renewal).
    var isImmediate: Bool { self == .upgrade || self == .crossgradeNow }

    /// The change as the timeline tells it.
    var told: PlanChange {
        switch self {
        case .crossgradeNow, .crossgradeAtRenewal: .crossgrade
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        }
    }
}
