/// The Store's switches that a scenario, the TUI or a test turns on and off: the value of each
/// declared `StoreSwitch` and the products the Store stopped selling.
public struct StoreSwitches: Sendable, Equatable {
    /// The values of the switches that are not normal, by name.
    private var values: [String: StoreSwitch.Value] = [:]
    /// Products the Store has stopped selling: their identifiers come back invalid.
    public var withdrawn: Set<String> = []

    /// How `verifyReceipt` answers: normally, or with one of Apple's error codes (21005, 21002,
    /// 21009, 21010, 21100); the value of the `verify-receipt` switch.
    public var verification: VerificationService {
        get { VerificationService(rawValue: self[.verifyReceipt].word) ?? .up }
        set { self[.verifyReceipt] = .named(newValue.rawValue) }
    }

    /// Where the receipts the Store hands out come from: the value of the `environment` switch.
    public var environment: StoreEnvironment {
        get { StoreEnvironment(rawValue: self[.environment].word) ?? .production }
        set { self[.environment] = .named(newValue.rawValue) }
    }

    /// How fast simulated time runs by itself in the interface: the value of the `time-rate` switch.
    public var timeRate: TimeRate {
        get { TimeRate(rawValue: self[.timeRate].word) ?? .real }
        set { self[.timeRate] = .named(newValue.rawValue) }
    }

    /// How the App Store Server API answers: the value of the `server-api` switch.
    public var serverAPI: ServerAPIService {
        get { ServerAPIService(rawValue: self[.serverAPI].word) ?? .normal }
        set { self[.serverAPI] = .named(newValue.rawValue) }
    }

    /// The states of the `verifyReceipt` service.
    public enum VerificationService: String, Sendable, CaseIterable {
        case up
        /// "The receipt server was temporarily unable to provide the receipt" (21005).
        case down
        /// "The service experienced a temporary issue" (21002).
        case temporaryIssue = "temporary-issue"
        /// "Internal data access error. Try again later." (21009).
        case dataAccessError = "data-access-error"
        /// "The user account cannot be found or has been deleted." (21010).
        case accountGone = "account-gone"
        /// One of Apple's "internal data access errors" (21100–21199) with `is-retryable` true.
        case internalError = "internal-error"
    }

    public init() {}

    /// A switch's value.
    public subscript(_ storeSwitch: StoreSwitch) -> StoreSwitch.Value {
        get { values[storeSwitch.name] ?? storeSwitch.normal }
        set { values[storeSwitch.name] = newValue == storeSwitch.normal ? nil : newValue }
    }

    /// Whether a switch is on (in any of its ways).
    public func isOn(_ storeSwitch: StoreSwitch) -> Bool {
        self[storeSwitch] != .off
    }
}
