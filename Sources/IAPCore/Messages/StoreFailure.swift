/// Why the App Store answered a request with a failure instead of what was asked (a products
/// request, a restore or sync, the subscription statuses).
public enum StoreFailure: String, Sendable, Equatable, CaseIterable, Codable {
    /// The App Store could not be reached (the Store switch for the request is off).
    case unreachable

    /// The failure in English.
    public var english: String {
        switch self {
        case .unreachable: "the App Store could not be reached"
        }
    }
}
