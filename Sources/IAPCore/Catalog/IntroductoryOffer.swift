/// How an introductory offer is given.
public enum OfferMode: String, Sendable {
    /// The first period costs nothing.
    case freeTrial
}

/// An offer a new subscriber gets before the regular price applies.
public struct IntroductoryOffer: Sendable, Equatable {
    public let mode: OfferMode
    public let period: ISODuration

    public init(mode: OfferMode, period: ISODuration) {
        self.mode = mode
        self.period = period
    }
}
