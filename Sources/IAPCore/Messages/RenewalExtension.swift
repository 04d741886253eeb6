/// Extend a Subscription Renewal Date (App Store Server API): Apple, "Extends the renewal date of
/// a customer's active subscription using the original transaction identifier." The request
/// carries the path's original transaction id and Apple's `ExtendRenewalDateRequest`; the Store's
/// answer is Apple's `ExtendRenewalDateResponse`, or the error Apple answers instead.
public struct RenewalExtension: Sendable, Equatable, Codable {
    /// The Server's request: the subscription (by the product it was credited as and the original
    /// transaction id of the path) and the body, `ExtendRenewalDateRequest`.
    public struct Request: Sendable, Equatable, Codable {
        public let originalTransactionId: TransactionID
        /// The product the Server credited, whose entitlement the answer moves.
        public let productId: String
        /// Apple: "The number of days is a number from 1 to 90."
        public let extendByDays: Int
        /// Apple's `extendReasonCode`: 0 undeclared, 1 customer satisfaction, 2 other, 3 service
        /// issue or outage.
        public let extendReasonCode: Int
        public let requestIdentifier: String

        public init(originalTransactionId: TransactionID, productId: String, extendByDays: Int, extendReasonCode: Int,
                    requestIdentifier: String) {
            self.originalTransactionId = originalTransactionId
            self.productId = productId
            self.extendByDays = extendByDays
            self.extendReasonCode = extendReasonCode
            self.requestIdentifier = requestIdentifier
        }
    }

    /// Apple's `ExtendRenewalDateResponse`: "A response that indicates whether an individual
    /// renewal-date extension succeeded, and related details."
    public struct Response: Sendable, Equatable, Codable {
        /// "The new subscription expiration date for a subscription-renewal extension", in milliseconds.
        public let effectiveDate: Int64
        public let originalTransactionId: String
        public let success: Bool
        public let webOrderLineItemId: String

        public init(effectiveDate: Int64, originalTransactionId: String, success: Bool, webOrderLineItemId: String) {
            self.effectiveDate = effectiveDate
            self.originalTransactionId = originalTransactionId
            self.success = success
            self.webOrderLineItemId = webOrderLineItemId
        }
    }

    public let request: Request
    /// The response; nil when the Store answered an error (`refusal`).
    public let response: Response?
    public let refusal: RenewalExtensionRefusal?

    public init(request: Request, response: Response) {
        self.request = request
        self.response = response
        refusal = nil
    }

    public init(request: Request, refusal: RenewalExtensionRefusal) {
        self.request = request
        response = nil
        self.refusal = refusal
    }
}
