/// A developer-determined offer on a Play base plan, made from the catalog's introductory offer
/// of the product. Google: "Offers define a discount available to eligible users." Its one
/// phase is the introductory offer's (a free trial, a discounted price for a number of periods,
/// or one discounted payment for a duration), then the base plan's price, renewing as the base
/// plan does. Its id is the offer's mode in the alphabet of base plan ids ("Must be
/// unique within the base plan": a product has one introductory offer): `free-trial`,
/// `pay-as-you-go`, `pay-up-front`. Its eligibility is Google's "New customer acquisition: Never
/// had this subscription", per Google account and subscription (every base plan of it).
public struct PlayOffer: Equatable, Sendable {
    /// Which member of Google's `OfferPhase` (a line item's "Current offer phase details
    /// for this item.") names the price a period of a subscription is billed at.
    public enum Phase: String, Sendable, Codable {
        /// A free trial: the period costs nothing.
        case freeTrial
        /// An introductory (discounted) price.
        case introductoryPrice
        /// The base plan's price.
        case basePrice
    }

    public let offerId: String
    /// The catalog's introductory offer the phase is made of.
    public let terms: IntroductoryOffer

    public init(terms: IntroductoryOffer) {
        self.terms = terms
        offerId = switch terms.mode {
        case .freeTrial: "free-trial"
        case .payAsYouGo: "pay-as-you-go"
        case .payUpFront: "pay-up-front"
        }
    }

    /// The phase of the offer's own periods: a free trial, or an introductory price.
    public var phase: Phase { terms.mode == .freeTrial ? .freeTrial : .introductoryPrice }

    /// How many of the subscription's periods, from the first, the offer's phase covers: Google's
    /// `recurrenceCount`, "The number of times this phase repeats." (`periods` of a discounted
    /// recurring price, else one).
    public var periods: Int { terms.mode == .payAsYouGo ? max(terms.periods ?? 1, 1) : 1 }

    /// The phase of the subscription's period `index` (0 the first, N after its N-th renewal).
    public func phase(ofPeriod index: Int) -> Phase { index < periods ? phase : .basePrice }

    /// The length of the subscription's period `index`: the phase's `duration`, "The duration of
    /// a single recurrence of this phase.", while the phase lasts, then the base plan's `billingPeriod`.
    public func length(ofPeriod index: Int, billingPeriod: ISODuration) -> ISODuration {
        index < periods ? terms.period : billingPeriod
    }
}
