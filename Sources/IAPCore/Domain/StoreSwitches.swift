/// The Store's switches that a scenario, the TUI or a test turns on and off: the value of each
/// declared `StoreSwitch`, the products the Store stopped selling, and whether it verifies
/// receipts.
public struct StoreSwitches: Sendable, Equatable {
    /// The values of the switches that are not normal, by name.
    private var values: [String: StoreSwitch.Value] = [:]
    /// Products the Store has stopped selling: their identifiers come back invalid.
    public var withdrawn: Set<String> = []
    /// False when `verifyReceipt` answers 21005.
    public var verificationAvailable = true

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
