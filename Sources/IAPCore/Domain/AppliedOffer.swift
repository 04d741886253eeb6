/// The offer a transaction was bought or renewed under: its type, its id (none for the
/// introductory offer) and which of the offer's periods the transaction pays for (beyond 1 only
/// for the later periods of a pay-as-you-go offer).
public struct AppliedOffer: Sendable, Equatable, Codable {
    public let type: OfferType
    public let id: String?
    public let period: Int

    public init(type: OfferType, id: String?, period: Int = 1) {
        self.type = type
        self.id = id
        self.period = period
    }

    /// The offer for a transcript or the state: `introductory offer`, `promotional offer winter`,
    /// with the period when it is beyond the first.
    public var text: String {
        type.name + (id.map { " " + $0 } ?? "") + (period > 1 ? " (period \(period))" : "")
    }

    /// The offer's terms in `product`'s catalog entry: the introductory offer when it has no id.
    public func terms(of product: Product) -> IntroductoryOffer? {
        guard let id else { return product.introductoryOffer }
        return product.offer(type, id: id)?.terms
    }

    /// The next period of the same offer.
    public var next: AppliedOffer { AppliedOffer(type: type, id: id, period: period + 1) }
}
