/// The interface's wording for the worlds it holds beside the one it opened on — the worlds
/// panel, the lessons in help, the header's name of the world shown — and for relaunching an
/// app that crashed in this process. Looked up like `Phrase`, in each language's table of its
/// own; holes `{1}`, `{2}`… are filled in order.
enum WorldPhrase: CaseIterable, Sendable {
    // The worlds panel
    case worldsTitle
    case yourWorld
    case freshWorld
    case lessonWorld
    case nothingLost
    case lost
    case crashIsReal
    case crashStaysHere
    case temporaryNote
    // The header
    case headerFreshWorld
    case headerLesson
    case headerServed
    // Help
    case lessonsLine
    // The status line
    case freshWorldOpened
    case worldShown
    case worldNotOpened
    case tooManyWorlds
    case crashedInProcess
    case alreadyRunning
    case launching
    case lessonOver
    case lessonOverStatus
    case serving
}
