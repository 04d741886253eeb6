/// Who voided a purchase, a `VoidedPurchase`'s `voidedSource`. Google: "The initiator of voided
/// purchase, possible values are: 0. User 1. Developer 2. Google".
public enum VoidedSource: Int, Sendable, CaseIterable, Codable, EventJSON {
    case user = 0
    case developer = 1
    case google = 2

    /// Google's word for the source.
    public var name: String {
        switch self {
        case .user: "User"
        case .developer: "Developer"
        case .google: "Google"
        }
    }
}
