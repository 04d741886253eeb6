import Foundation
import IAPCore
import Storage

/// One purchase as Google Play keeps it in `play.sqlite`: a one-time product or a subscription's
/// base plan bought by an account, from the launch of its billing flow to its consumption,
/// voiding or (a subscription) expiry. Times are
/// milliseconds since 1970 on the simulated clock.
public struct PlayPurchaseRecord: Equatable, Sendable {
    /// Where a purchase's payment stands.
    public enum State: String, Sendable {
        /// A delayed form of payment waits (Google's PENDING).
        case pending
        /// Paid (Google's PURCHASED).
        case purchased
        /// The pending payment was canceled: never paid.
        case canceled
    }

    /// A license tester's slow test card: Google, "license testers have access to two test
    /// instruments for delayed forms of payment where the payment automatically completes or
    /// cancels after a couple of minutes."
    public enum SlowCard: String, Sendable {
        /// "Slow test card, approves after a few minutes".
        case approves
        /// "Slow test card, declines after a few minutes".
        case declines
    }

    /// The stage of Google Play's recovery a subscription whose renewal could not be charged is in.
    public enum BillingIssue: String, Sendable {
        /// SUBSCRIPTION_STATE_IN_GRACE_PERIOD: the user keeps access while Play retries.
        case grace
        /// SUBSCRIPTION_STATE_ON_HOLD: no access while Play retries.
        case hold
    }

    /// Which purchase this is among all Play issued, from 0: its order number is scattered from it.
    public let sequence: Int64
    public let orderId: PlayOrderID
    public let token: String
    public let productId: String
    /// The Google account that bought it.
    public let account: String
    /// The app's `setObfuscatedAccountId` at purchase, when it set one.
    public let obfuscatedAccountId: String?
    public internal(set) var state: State
    /// When the billing flow was launched.
    public let createdMillis: Int64
    /// When the purchase became PURCHASED: the three-day clock starts here.
    public internal(set) var purchasedMillis: Int64?
    /// When it was acknowledged (consuming acknowledges too), and by whom.
    public internal(set) var acknowledgedMillis: Int64?
    public internal(set) var acknowledgedBy: PlayCaller?
    public internal(set) var consumedMillis: Int64?
    public internal(set) var consumedBy: PlayCaller?
    /// When it was voided (refunded and revoked), by whom and why.
    public internal(set) var voidedMillis: Int64?
    public internal(set) var voidedSource: VoidedSource?
    public internal(set) var voidedReason: VoidedReason?
    /// The slow test card the purchase was paid with, if any, and when it resolves itself.
    public let slowCard: SlowCard?
    public let slowCardDueMillis: Int64?
    /// Whether it is a one-time product (`INAPP`) or a subscription (`SUBS`).
    public let productType: PlayProductType
    /// A subscription's `expiryTime`: when its current period ends, set when it becomes
    /// PURCHASED; nil for a one-time product.
    public internal(set) var expiryMillis: Int64?
    /// A subscription's `autoRenewingPlan.autoRenewEnabled`; false for a one-time product.
    public internal(set) var autoRenewing: Bool
    /// How many times a subscription renewed: its renewal orders are `..0` through `..renewals-1`.
    public internal(set) var renewals: Int
    /// When a subscription that no longer renews expired and Play said so (SUBSCRIPTION_EXPIRED):
    /// the end of its last period; nil while it runs, and for a revoked one.
    public internal(set) var endedMillis: Int64?
    /// Which of a subscription's orders a refund voided: nil its base order (and every one-time
    /// product's), N its renewal `..N`.
    public internal(set) var voidedRenewal: Int?
    /// Whether the subscriber's payment method fails (`subscription PRODUCT billing fail`): a
    /// renewal that falls due cannot be charged.
    public internal(set) var billingFails: Bool
    /// The stage of recovery after a renewal that could not be charged; nil otherwise.
    public internal(set) var billingIssue: BillingIssue?
    /// When the renewal that could not be charged fell due: the end of the last paid period.
    public internal(set) var renewalFailedMillis: Int64?
    /// When the stage of recovery ends: the grace period's end (`expiryTime`), then the hold's.
    public internal(set) var issueEndsMillis: Int64?
    /// The offer a subscription was bought with (`PlayOffer.offerId`); nil for the base plan's
    /// own price and a one-time product.
    public let offerId: String?

    /// How long after a purchase becomes PURCHASED it must be acknowledged: three days. Google:
    /// "This is done by acknowledging the purchase and must be done within three days so that
    /// the purchase isn't automatically refunded and entitlement revoked."
    public static let acknowledgementWindowMillis: Int64 = 72 * 3_600_000

    /// How long after the purchase a slow test card resolves itself: two minutes on the simulated
    /// clock. Google says "after a couple of minutes" ("Slow test card, approves after a few
    /// minutes"); two minutes is StoreSim's choice.
    public static let slowCardDelayMillis: Int64 = 2 * 60_000

    public var isAcknowledged: Bool { acknowledgedMillis != nil }
    public var isConsumed: Bool { consumedMillis != nil }
    public var isVoided: Bool { voidedMillis != nil }
    public var isSubscription: Bool { productType == .subs }

    /// The order a refund voided: a renewal's, or the base order; nil unless voided.
    public var voidedOrderId: PlayOrderID? {
        guard isVoided else { return nil }
        return voidedRenewal.flatMap { orderId.renewal($0) } ?? orderId
    }

    /// A subscription's latest order: its latest renewal's, or the base order before any renewal.
    public var latestOrderId: PlayOrderID {
        renewals > 0 ? orderId.renewal(renewals - 1) ?? orderId : orderId
    }

    /// Every order of the purchase: the base order, then each renewal's.
    public var orderIds: [PlayOrderID] {
        [orderId] + (0..<renewals).compactMap { orderId.renewal($0) }
    }

    /// Whether a subscription's current period has ended at `millis` (Google's
    /// SUBSCRIPTION_STATE_EXPIRED); never for a one-time product.
    public func isExpired(at millis: Int64) -> Bool {
        guard let expiryMillis else { return false }
        return expiryMillis <= millis
    }

    /// Whether Play still bills the subscription at `millis`: paid, not ended, its period running
    /// or a failed renewal in its grace period or on hold.
    func isBilled(at millis: Int64) -> Bool {
        isSubscription && state == .purchased && endedMillis == nil && (!isExpired(at: millis) || billingIssue != nil)
    }

    /// The columns of a row, in the order `values` gives them: those fixed when Play issues the
    /// purchase, then those that change (`changingValues`).
    static let columns = """
        order_number, sequence, token, product_id, account, obfuscated_account_id, created_millis,
        state, purchased_millis, acknowledged_millis, acknowledged_by, consumed_millis, consumed_by,
        voided_millis, voided_source, voided_reason, slow_card, slow_card_due_millis, product_type, expiry_millis,
        auto_renewing, renewals, ended_millis, voided_renewal, billing_fails, billing_issue, renewal_failed_millis,
        issue_ends_millis, offer_id
        """

    /// How many columns a row has.
    static let columnCount = 29

    /// The row's values, in the order of `columns`.
    var values: [SQLiteValue] {
        [
            .integer(orderId.number), .integer(sequence), .text(token), .text(productId), .text(account),
            .optional(obfuscatedAccountId), .integer(createdMillis),
        ] + changingValues + [.optional(slowCard?.rawValue), Self.optional(slowCardDueMillis), .text(productType.rawValue)]
            + subscriptionValues + recoveryValues + [.optional(offerId)]
    }

    /// The values of the columns of a failed renewal's recovery: billing_fails, billing_issue,
    /// renewal_failed_millis, issue_ends_millis.
    var recoveryValues: [SQLiteValue] {
        [.integer(billingFails ? 1 : 0), .optional(billingIssue?.rawValue), Self.optional(renewalFailedMillis),
         Self.optional(issueEndsMillis)]
    }

    /// The values of the columns that change of a subscription: expiry_millis, auto_renewing,
    /// renewals, ended_millis, voided_renewal.
    var subscriptionValues: [SQLiteValue] {
        [Self.optional(expiryMillis), .integer(autoRenewing ? 1 : 0), .integer(Int64(renewals)), Self.optional(endedMillis),
         Self.optional(voidedRenewal.map(Int64.init))]
    }

    /// The values of the columns that change: state, purchased_millis, acknowledged_millis,
    /// acknowledged_by, consumed_millis, consumed_by, voided_millis, voided_source, voided_reason.
    var changingValues: [SQLiteValue] {
        [
            .text(state.rawValue), Self.optional(purchasedMillis), Self.optional(acknowledgedMillis),
            .optional(acknowledgedBy?.rawValue), Self.optional(consumedMillis), .optional(consumedBy?.rawValue),
            Self.optional(voidedMillis), Self.optional(voidedSource.map { Int64($0.rawValue) }),
            Self.optional(voidedReason.map { Int64($0.rawValue) }),
        ]
    }

    /// The purchase a row holds.
    init(row: SQLiteStatementRow) throws(SQLiteColumnError) {
        let number = try row.integer("order_number")
        guard let orderId = PlayOrderID(number: number) else {
            throw .unknownValue(column: "order_number", value: String(number))
        }
        self.orderId = orderId
        sequence = try row.integer("sequence")
        token = try row.text("token")
        productId = try row.text("product_id")
        account = try row.text("account")
        obfuscatedAccountId = try row.optionalText("obfuscated_account_id")
        state = try row.choice("state", as: State.self)
        createdMillis = try row.integer("created_millis")
        purchasedMillis = try row.optionalInteger("purchased_millis")
        acknowledgedMillis = try row.optionalInteger("acknowledged_millis")
        acknowledgedBy = try row.optionalChoice("acknowledged_by", as: PlayCaller.self)
        consumedMillis = try row.optionalInteger("consumed_millis")
        consumedBy = try row.optionalChoice("consumed_by", as: PlayCaller.self)
        voidedMillis = try row.optionalInteger("voided_millis")
        voidedSource = try Self.number("voided_source", of: row, as: VoidedSource.self)
        voidedReason = try Self.number("voided_reason", of: row, as: VoidedReason.self)
        slowCard = try row.optionalChoice("slow_card", as: SlowCard.self)
        slowCardDueMillis = try row.optionalInteger("slow_card_due_millis")
        productType = try row.choice("product_type", as: PlayProductType.self)
        expiryMillis = try row.optionalInteger("expiry_millis")
        autoRenewing = try row.integer("auto_renewing") != 0
        renewals = Int(try row.integer("renewals"))
        endedMillis = try row.optionalInteger("ended_millis")
        voidedRenewal = try row.optionalInteger("voided_renewal").map { Int($0) }
        billingFails = try row.integer("billing_fails") != 0
        billingIssue = try row.optionalChoice("billing_issue", as: BillingIssue.self)
        renewalFailedMillis = try row.optionalInteger("renewal_failed_millis")
        issueEndsMillis = try row.optionalInteger("issue_ends_millis")
        offerId = try row.optionalText("offer_id")
    }

    /// A purchase Play has just issued, its flow launched at `createdMillis`; one paid with a slow
    /// test card is PENDING and resolves itself `slowCardDelayMillis` later. A subscription
    /// (`basePlan`) renews automatically, and its first period starts once it is PURCHASED; one
    /// bought with the base plan's offer (`offerId`) starts with the offer's phase.
    init(sequence: Int64, orderId: PlayOrderID, token: String, productId: String, account: String,
         obfuscatedAccountId: String?, state: State, createdMillis: Int64, slowCard: SlowCard? = nil,
         basePlan: PlayBasePlan? = nil, offerId: String? = nil) {
        self.sequence = sequence
        self.orderId = orderId
        self.token = token
        self.productId = productId
        self.account = account
        self.obfuscatedAccountId = obfuscatedAccountId
        self.state = state
        self.createdMillis = createdMillis
        purchasedMillis = state == .purchased ? createdMillis : nil
        self.slowCard = slowCard
        slowCardDueMillis = slowCard.map { _ in createdMillis + Self.slowCardDelayMillis }
        productType = basePlan == nil ? .inapp : .subs
        autoRenewing = basePlan != nil
        renewals = 0
        billingFails = false
        self.offerId = offerId
        if state == .purchased, let basePlan { startPeriod(of: basePlan, at: createdMillis) }
    }

    /// A subscription becomes PURCHASED at `millis`: its first period runs from then.
    mutating func startPeriod(of basePlan: PlayBasePlan, at millis: Int64) {
        expiryMillis = currentPeriod(of: basePlan).added(toMillis: millis)
    }

    /// The length of the current period (the first, or the one after the latest renewal): the
    /// base plan's `billingPeriodDuration`, or the offer's phase while it lasts.
    func currentPeriod(of basePlan: PlayBasePlan) -> ISODuration {
        offer(of: basePlan)?.length(ofPeriod: renewals, billingPeriod: basePlan.billingPeriodDuration) ?? basePlan.billingPeriodDuration
    }

    /// The offer of `basePlan` the subscription was bought with; nil when bought at its own price.
    func offer(of basePlan: PlayBasePlan) -> PlayOffer? {
        guard let offer = basePlan.offer, offer.offerId == offerId else { return nil }
        return offer
    }

    /// The phase the subscription's current period is billed at: the offer's while it lasts, then
    /// the base plan's price; nil for a subscription bought at the base plan's own price.
    public func offerPhase(of basePlan: PlayBasePlan) -> PlayOffer.Phase? {
        offer(of: basePlan)?.phase(ofPeriod: renewals)
    }

    private static func optional(_ number: Int64?) -> SQLiteValue {
        number.map { .integer($0) } ?? .null
    }

    /// A column holding one of Google's numbered values, NULL as nil; another number is an error.
    private static func number<Value: RawRepresentable>(_ column: SQLiteColumn, of row: SQLiteStatementRow,
                                                        as type: Value.Type) throws(SQLiteColumnError) -> Value?
    where Value.RawValue == Int {
        guard let number = try row.optionalInteger(column) else { return nil }
        guard let value = Value(rawValue: Int(number)) else { throw .unknownValue(column: column.name, value: String(number)) }
        return value
    }
}
