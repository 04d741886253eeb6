/// Why a signed transaction, notification or renewal information failed verification: its JWS,
/// or what its verified payload says.
public enum UnverifiedReason: Sendable, Equatable, Codable {
    /// The JWS itself failed: its shape, encoding, chain, root or signature.
    case signature(SigningError)
    /// The verifier has no root certificate to verify against.
    case noPinnedRoot
    /// The payload verifies but is not a signed transaction.
    case notSignedTransaction
    /// The transaction is another app's: its bundle id, and this app's.
    case otherApp(bundleId: String, expected: String)
    /// The payload is of an environment other than Production or Sandbox.
    case otherEnvironment(String)
    /// The payload is not the notification it came as (its UUID, type or transaction).
    case notThisNotification
    /// The notification names another app: its bundle id and App Apple ID, and this app's.
    case notificationOfOtherApp(bundleId: String, appAppleId: Int64?, expectedBundleId: String, expectedAppAppleId: Int64)
    /// The renewal information is another subscription's than the transaction's.
    case otherSubscriptionsRenewalInfo
    /// The payload verifies but is not renewal information.
    case notRenewalInfo

    /// The reason in English.
    public var english: String {
        switch self {
        case .signature(let error): error.description
        case .noPinnedRoot: "no root certificate is pinned"
        case .notSignedTransaction: "the payload is not a signed transaction"
        case .otherApp(let bundleId, let expected): "it is \(bundleId)'s, not \(expected)'s"
        case .otherEnvironment(let environment): "it is from \(environment), not Production or Sandbox"
        case .notThisNotification: "the payload is not this notification"
        case .notificationOfOtherApp(let bundleId, let appAppleId, let expectedBundleId, let expectedAppAppleId):
            "it names another app (\(bundleId), App Apple ID \(appAppleId.map(String.init) ?? "none")), not \(expectedBundleId), \(expectedAppAppleId)"
        case .otherSubscriptionsRenewalInfo: "the renewal information is another subscription's"
        case .notRenewalInfo: "the payload is not renewal information"
        }
    }
}
