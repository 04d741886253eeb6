extension RenewalExtensionRefusal {
    /// The App Store Server API's error for the refusal (`appleError` names it).
    public var serverAPIError: ServerAPIError {
        switch self {
        case .daysOutOfRange: .invalidExtendByDays
        case .reasonOutOfRange: .invalidExtendReasonCode
        case .notFound: .originalTransactionIdNotFound
        case .familyMember, .freeOfferPeriod, .notActive: .subscriptionExtensionIneligible
        case .twiceWithinAYear: .subscriptionMaxExtension
        }
    }
}
