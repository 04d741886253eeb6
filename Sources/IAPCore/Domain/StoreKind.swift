/// Which store a world sells on: the App Store (the default) or Google Play. A world keeps its
/// store for life, in `world.json` (written there only for Google Play).
public enum StoreKind: String, Sendable, CaseIterable, Codable {
    case appStore = "appstore"
    case play

    /// The store's name, as a person reads it.
    public var displayName: String {
        switch self {
        case .appStore: "the App Store"
        case .play: "Google Play"
        }
    }

    /// An order as this store shows it to a person: the App Store's transaction id in digits,
    /// Google Play's order id (`GPA.1234-5678-9012-34567`).
    public func orderText(_ id: TransactionID) -> String {
        guard self == .play, let order = PlayOrderID(transactionId: id) else { return id.description }
        return order.description
    }
}
