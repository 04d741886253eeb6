extension English {
    /// The English wording of what the interface shows of StoreKit 2 and the notifications.
    static func text(_ phrase: StoreKit2Phrase) -> String {
        switch phrase {
        // The notification lane
        case .laneTitle: "Store → Server notifications ({1})"
        case .laneStanding: "standing"
        case .laneAttempts: "posts"
        case .laneType: "type"
        case .postInFlight: "on its way"
        case .acknowledged: "acknowledged"
        case .firstPostAt: "posts at {1}"
        case .retryAt: "retry at {1}"
        case .fetchedByHistory: "fetched by history"
        case .givenUp: "given up"
        case .laneSummary: "✉ {1} (l lane)"
        case .laneWaiting: "{1} waiting"
        case .laneDone: "{1} done"
        case .laneGivenUp: "{1} given up"
        case .laneShown: "The notification lane shows the Store's notifications to the Server and their retries."
        case .laneHidden: "The notification lane is hidden; the timeline has the whole height."
        case .laneNothing: "No notifications: the Store posts them once a script turns on server notifications."

        // The app's current entitlements, in the parties panel
        case .currentEntitlements: "  currentEntitlements: {1}"
        case .entitled: "  entitled: {1}"
        case .nothingEntitled: "none"

        // The decoded signed transaction
        case .decodedTitle: "Signed transaction {1} (JWS, decoded)"
        case .decodedHeader: "header: alg {1} · x5c {2} certificates"
        case .chainLeaf: "leaf"
        case .chainIntermediate: "intermediate"
        case .chainRoot: "root"
        case .verified: "✓ verifies against the pinned root: chain and ES256 signature"
        case .notVerified: "✗ does not verify against the pinned root: {1}"
        case .noPinnedRoot: "no pinned root: the Server has nothing to verify it against"
        case .payload: "payload"
        case .decodedMore: "PgDn: {1} more"
        case .notSigned: "Only a transaction the Store signed for StoreKit 2 has a JWS to decode."
        }
    }
}
