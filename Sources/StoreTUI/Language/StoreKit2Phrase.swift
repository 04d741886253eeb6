/// The interface's wording for what it shows of StoreKit 2 and of the App Store Server
/// Notifications: the notification lane, the app's current entitlements and the transaction
/// manager's decoded signed transaction. Looked up like `Phrase`, in each language's table of
/// its own; holes `{1}`, `{2}`… are filled in order.
enum StoreKit2Phrase: CaseIterable, Sendable {
    // The notification lane
    case laneTitle
    case laneStanding
    case laneAttempts
    case laneType
    case postInFlight
    case acknowledged
    case firstPostAt
    case retryAt
    case fetchedByHistory
    case givenUp
    case laneSummary
    case laneWaiting
    case laneDone
    case laneGivenUp
    case laneShown
    case laneHidden
    case laneNothing

    // The app's current entitlements, in the parties panel
    case currentEntitlements
    case entitled
    case nothingEntitled

    // The decoded signed transaction
    case decodedTitle
    case decodedHeader
    case chainLeaf
    case chainIntermediate
    case chainRoot
    case verified
    case notVerified
    case noPinnedRoot
    case payload
    case decodedMore
    case notSigned
}
