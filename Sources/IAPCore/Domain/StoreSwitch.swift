/// One of the Store's switches that scripts turn with `store NAME on|off` (or, for a switch whose
/// values are words of its own, `store NAME VALUE`), declared once: its word, the values it takes
/// and which is normal, and where `store.sqlite` keeps it. The scenario vocabulary, the faults
/// panel, the header and the Store's persistence all read these declarations, so a new switch is
/// one declaration in `all` plus its effect in the Store, its words on the screen (StoreTUI's
/// `SwitchWording`) and, when chaos turns it, its place in chaos's draw.
public struct StoreSwitch: Sendable, Hashable, RawRepresentable {
    /// A value a switch takes.
    public enum Value: Sendable, Hashable {
        case off
        case on
        /// On, every purchase failing with this error (`store fail on REASON`).
        case failing(PurchaseError)
        /// One of the words of a switch that is not turned on and off (`store environment sandbox`).
        case named(String)

        /// The value as scripts and the header write it.
        public var word: String {
            switch self {
            case .off: return "off"
            case .on: return "on"
            case .failing(let error): return error.rawValue
            case .named(let word): return word
            }
        }
    }

    /// The word after `store` in a script (`store ask-to-buy on`).
    public let name: String
    /// What it does, as a phrase of the help line of `store NAME on|off`.
    public let help: String
    /// The values it takes, in the order the faults panel steps through them; the first is
    /// normal, the value of a new Store.
    public let values: [Value]
    /// The key of `store.sqlite`'s settings that keeps its value.
    public let settingKey: String
    /// Words `store.sqlite` keeps for values instead of their own, as an earlier release wrote them.
    public let storedWords: [Value: String]

    /// Every switch turned on and off (`store NAME on|off`), in the order the help, the header
    /// and the faults panel list them.
    public static let all: [StoreSwitch] = [askToBuy, interrupt, fail, payments, productRequests, gracePeriod] + apiErrors
    /// StoreKit Testing's simulated errors per API that no older switch covers (loading products
    /// and purchases have theirs): restore and sync, the device's verification of StoreKit 2
    /// transactions, and reading a subscription's status. The faults panel lists them after
    /// every older row, which keeps its place.
    public static let apiErrors: [StoreSwitch] = [sync, deviceVerification, subscriptionStatus]
    /// The switches whose values are words of their own, each with its own command
    /// (`store environment sandbox`), listed after the others.
    public static let withWords: [StoreSwitch] = [environment, verifyReceipt, timeRate, serverAPI]
    /// Every declared switch: those turned on and off, then those with words of their own.
    public static var every: [StoreSwitch] { all + withWords }

    public static let askToBuy = StoreSwitch(
        "ask-to-buy", help: "every purchase asks a parent", values: [.off, .on], settingKey: "ask-to-buy")
    public static let interrupt = StoreSwitch(
        "interrupt", help: "is interrupted", values: [.off, .on], settingKey: "interrupt")
    public static let fail = StoreSwitch(
        "fail", help: "fails",
        values: [.off] + [PurchaseError.unknown, .paymentInvalid, .paymentNotAllowed, .networkError].map(Value.failing),
        settingKey: "fail-purchases")
    public static let payments = StoreSwitch(
        "payments", help: "cannot be paid", values: [.on, .off], settingKey: "payments")
    public static let productRequests = StoreSwitch(
        "product-requests", help: "the products cannot be loaded", values: [.on, .off], settingKey: "product-requests")
    /// `SKTestFailures.AppStoreSync`: restoring purchases (`restoreCompletedTransactions`,
    /// `AppStore.sync()`) fails, the App Store out of reach.
    public static let sync = StoreSwitch(
        "sync", help: "restores and syncs fail", values: [.on, .off], settingKey: "sync")
    /// `SKTestFailures.Verification`: every StoreKit 2 transaction reaches the device with an
    /// invalid signature, so StoreKit hands the app `.unverified`.
    public static let deviceVerification = StoreSwitch(
        "device-verification", help: "StoreKit 2 transactions fail verification on the device", values: [.on, .off],
        settingKey: "device-verification")
    /// `StoreKitTest`'s `FailableStoreKitAPI.subscriptionStatus` (the StoreKit configuration
    /// file's "Subscription Status" error): `Product.SubscriptionInfo.status(for:)` throws, so a
    /// StoreKit 2 app cannot read its subscriptions' status.
    public static let subscriptionStatus = StoreSwitch(
        "subscription-status", help: "StoreKit 2 apps cannot read a subscription's status", values: [.on, .off],
        settingKey: "subscription-status")
    /// Apple's billing grace period: a renewal that cannot be charged keeps access for 16 days
    /// (`on`), or 3 or 28, while billing is retried.
    public static let gracePeriod = StoreSwitch(
        "grace-period", help: "renewals that cannot be charged keep access for a grace period",
        values: [.off] + gracePeriodLengths.map(Value.named), settingKey: "grace-period")
    /// The grace period's lengths Apple offers, the one `on` gives first.
    public static let gracePeriodLengths = ["16d", "3d", "28d"]
    public static let environment = StoreSwitch(
        "environment", help: "where receipts come from; a sandbox receipt sent to production answers 21007 and the Server asks the sandbox",
        values: [.named("production"), .named("sandbox")], settingKey: "environment")
    public static let verifyReceipt = StoreSwitch(
        "verify-receipt",
        help: "verifyReceipt answers, is unavailable (21005), has a temporary issue (21002), a data access error (21009), "
            + "cannot find the account (21010) or has an internal error (21100, is-retryable); the app keeps the order and asks again",
        values: [.named("up"), .named("down"), .named("temporary-issue"), .named("data-access-error"), .named("account-gone"),
                 .named("internal-error")], settingKey: "verification",
        storedWords: [.named("up"): "on", .named("down"): "off"])
    public static let timeRate = StoreSwitch(
        "time-rate", help: "how fast simulated time runs by itself in the interface (Xcode's time rates); scripts move it with advance",
        values: TimeRate.allCases.map { .named($0.rawValue) }, settingKey: "time-rate")

    /// How the App Store Server API answers a backend: normally, `down` (every call answers 500
    /// with `GeneralInternalRetryableError` 5000001), `rate-limited` (429 with
    /// `RateLimitExceededError` 4290000) or `slow` (the right answer, sent after a delay).
    public static let serverAPI = StoreSwitch(
        "server-api", help: "the App Store Server API answers, is down (500, 5000001), is rate limited (429, 4290000) or answers slowly",
        values: ServerAPIService.allCases.map { .named($0.rawValue) }, settingKey: "server-api")

    private init(_ name: String, help: String, values: [Value], settingKey: String, storedWords: [Value: String] = [:]) {
        self.name = name
        self.help = help
        self.values = values
        self.settingKey = settingKey
        self.storedWords = storedWords
    }

    /// The declared switch a script word names.
    public init?(rawValue: String) {
        guard let found = Self.every.first(where: { $0.name == rawValue }) else { return nil }
        self = found
    }

    public var rawValue: String { name }

    public static func == (left: StoreSwitch, right: StoreSwitch) -> Bool {
        left.name == right.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The value of a new Store.
    public var normal: Value { values.first ?? .off }

    /// The value `store NAME on` gives: the first that is not off.
    public var onValue: Value { values.first { $0 != .off } ?? .on }

    /// The value the faults panel turns it to from `value`.
    public func value(after value: Value) -> Value {
        let next = (values.firstIndex(of: value) ?? 0) + 1
        return values.indices.contains(next) ? values[next] : normal
    }

    /// The value a word kept in `store.sqlite` names; normal for a word it does not take.
    public func value(stored word: String?) -> Value {
        values.first { storedWord($0) == word } ?? values.first { $0.word == word } ?? normal
    }

    /// The word `store.sqlite` keeps for a value.
    public func storedWord(_ value: Value) -> String {
        storedWords[value] ?? value.word
    }

    /// The value a script word names, nil for a word the switch does not take.
    public func value(named word: String) -> Value? {
        values.first { $0.word == word }
    }

    /// The help line of `store NAME on|off`: every such switch's phrase.
    public static var helpLine: String {
        let phrases = all.map(\.help)
        return (phrases.dropLast() + (phrases.last.map { ["or " + $0] } ?? [])).joined(separator: ", ")
    }
}
