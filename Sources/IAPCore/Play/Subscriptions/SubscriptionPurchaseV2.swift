/// What `purchases.subscriptionsv2.get` answers the Server: Google's `SubscriptionPurchaseV2`,
/// "Indicates the status of a user's subscription purchase." Only the fields StoreSim's Play
/// fills are here; times are milliseconds since 1970 (Google writes RFC 3339 text, as its JSON
/// here does: `SubscriptionPurchaseV2+JSON`).
public struct SubscriptionPurchaseV2: Equatable, Sendable, Codable {
    /// One line item: "Item-level info for a subscription purchase." StoreSim's subscriptions
    /// have one, the base plan bought.
    public struct LineItem: Equatable, Sendable, Codable {
        /// "The purchased product ID (for example, 'monthly001')": the Play subscription's id.
        public let productId: String
        /// "Time at which the subscription expired or will expire unless the access is extended (ex. renews)."
        public let expiryTimeMillis: Int64
        /// `autoRenewingPlan.autoRenewEnabled`: "If the subscription is currently set to auto-renew".
        public let autoRenewEnabled: Bool
        /// `offerDetails.basePlanId`: "The base plan ID."
        public let basePlanId: String
        /// `offerDetails.offerId`: "The offer ID. Only present for discounted offers." The offer the
        /// subscription was bought with (`PlayOffer`), for its whole life; nil for the base plan's
        /// own price. StoreSim's offers carry no tags, so `offerDetails.offerTags` is empty.
        public let offerId: String?
        /// `offerPhase`, "Current offer phase details for this item.": the phase the current period
        /// is billed at; set for a subscription bought with an offer, nil otherwise.
        public let offerPhase: PlayOffer.Phase?
        /// "The order id of the latest successful order associated with this item."
        public let latestSuccessfulOrderId: PlayOrderID

        public init(productId: String, expiryTimeMillis: Int64, autoRenewEnabled: Bool, basePlanId: String, offerId: String?,
                    offerPhase: PlayOffer.Phase? = nil, latestSuccessfulOrderId: PlayOrderID) {
            self.productId = productId
            self.expiryTimeMillis = expiryTimeMillis
            self.autoRenewEnabled = autoRenewEnabled
            self.basePlanId = basePlanId
            self.offerId = offerId
            self.offerPhase = offerPhase
            self.latestSuccessfulOrderId = latestSuccessfulOrderId
        }
    }

    /// "This kind represents a SubscriptionPurchaseV2 object in the androidpublisher service."
    public static let kind = "androidpublisher#subscriptionPurchaseV2"

    /// "ISO 3166-1 alpha-2 billing country/region code of the user at the time the subscription was granted."
    public let regionCode: String
    public let lineItems: [LineItem]
    /// "Time at which the subscription was granted. Not set for pending subscriptions."
    public let startTimeMillis: Int64?
    public let subscriptionState: PlaySubscriptionState
    public let acknowledgementState: SubscriptionAcknowledgementState
    /// `externalAccountIdentifiers.obfuscatedExternalAccountId`, the app's `setObfuscatedAccountId`.
    public let obfuscatedExternalAccountId: String?

    public init(regionCode: String, lineItems: [LineItem], startTimeMillis: Int64?, subscriptionState: PlaySubscriptionState,
                acknowledgementState: SubscriptionAcknowledgementState, obfuscatedExternalAccountId: String?) {
        self.regionCode = regionCode
        self.lineItems = lineItems
        self.startTimeMillis = startTimeMillis
        self.subscriptionState = subscriptionState
        self.acknowledgementState = acknowledgementState
        self.obfuscatedExternalAccountId = obfuscatedExternalAccountId
    }

    /// Whether the subscription gives access now: ACTIVE, CANCELED ("canceled but not expired
    /// yet"), or IN_GRACE_PERIOD (a renewal could not be charged and Play retries; access until
    /// the `expiryTime`, the grace period's end); never ON_HOLD (the Play Console's account hold:
    /// "If payment fails, block access to content and attempt to retry payment for 30 days.
    /// Applies after the grace period.").
    public var grantsAccess: Bool {
        subscriptionState == .active || subscriptionState == .canceled || subscriptionState == .inGracePeriod
    }
}
