/// The interface's wording for a team's own servers: the faults panel's URL settings (the
/// outside server the app verifies with, the notifications URL), their entry dialog and the
/// outside server's lane. Looked up like `Phrase`, in each language's table of its own; holes
/// `{1}`, `{2}`… are filled in order.
enum OutsidePhrase: CaseIterable, Sendable {
    // The faults panel's URL settings
    case serverURLSetting
    case notificationsURLSetting
    case builtIn
    case serverURLKey
    case serverURLKeyHelp
    case notificationsURLKey
    case notificationsURLKeyHelp

    // The entry dialog
    case serverURLTitle
    case notificationsURLTitle
    case emptyMeansBuiltIn
    case emptyMeansOff
    case applyKey
    case applyHelp
    case cancelHelp
    case deleteKey
    case deleteCharacterHelp
    case moveKey
    case moveHelp
    case typeHelp
    case urlUnchanged

    // The outside server's lane
    case outsideLaneTitle
    case request
    case httpResult
    case noCall
    case credited
    case alreadyCredited
    case rejected
    case noAnswer
    case nothingYet
    case outsideLaneShown
    case lanesShown
    case lanesHidden
    // The header's audit row
    case auditByOutsideServer
}
