/// A payment as a message names it: the product, what the user did on the sheet, and the offer.
public struct PaymentMention: Sendable, Equatable, Codable {
    public let productId: String
    public let answer: SheetAnswer
    public let offerId: String?
    /// Whether the offer came signed.
    public let signed: Bool

    public init(_ request: PaymentRequest) {
        productId = request.productId
        answer = request.answer
        offerId = request.offer?.offerId
        signed = request.offer?.signature != nil
    }
}
