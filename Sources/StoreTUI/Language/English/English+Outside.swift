extension English {
    /// The English wording of the outside servers' settings, their entry and their lane.
    static func text(_ phrase: OutsidePhrase) -> String {
        switch phrase {
        // The faults panel's URL settings
        case .serverURLSetting: "server url {1}"
        case .notificationsURLSetting: "notifications url {1}"
        case .builtIn: "built-in"
        case .serverURLKey: "server URL"
        case .serverURLKeyHelp: "the URL of the outside server the app verifies with (server url), or built-in"
        case .notificationsURLKey: "notifications URL"
        case .notificationsURLKeyHelp: "the URL the Store posts its notifications to (server notifications url), or off"

        // The entry dialog
        case .serverURLTitle: "Outside server URL (server url)"
        case .notificationsURLTitle: "Notifications URL (server notifications url)"
        case .emptyMeansBuiltIn: "Empty: the built-in Server verifies the app's purchases (built-in)."
        case .emptyMeansOff: "Empty: the Store hands its notifications to the built-in Server (off)."
        case .applyKey: "apply"
        case .applyHelp: "apply the URL, as the scenario line does"
        case .cancelHelp: "leave the setting as it was"
        case .deleteKey: "delete"
        case .deleteCharacterHelp: "delete the character before the cursor"
        case .moveKey: "move"
        case .moveHelp: "move the cursor"
        case .typeHelp: "type the character at the cursor"
        case .urlUnchanged: "Nothing changed: {1}."

        // The outside server's lane
        case .outsideLaneTitle: "App → outside server {1} ({2})"
        case .request: "request"
        case .httpResult: "HTTP result"
        case .noCall: "no call"
        case .credited: "credited"
        case .alreadyCredited: "already credited"
        case .rejected: "rejected: {1}"
        case .noAnswer: "{1}: asks again later"
        case .nothingYet: "No request yet: the app sends each purchase here to be verified."
        case .outsideLaneShown: "The outside server's lane shows the app's requests and their HTTP results."
        case .lanesShown: "The lanes show the app's requests to the outside server and the Store's notifications."
        case .lanesHidden: "The lanes are hidden; the timeline has the whole height."
        case .auditByOutsideServer: "what the outside server credited: storesim audit asks it"
        }
    }
}
