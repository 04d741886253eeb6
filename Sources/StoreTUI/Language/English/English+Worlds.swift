extension English {
    /// The English wording of the worlds' phrases.
    static func text(_ phrase: WorldPhrase) -> String {
        switch phrase {
        case .worldsTitle: "Worlds"
        case .yourWorld: "your world {1}"
        case .freshWorld: "fresh world {1}"
        case .lessonWorld: "lesson {1}: {2}"
        case .nothingLost: "nothing lost"
        case .lost: "{1} lost"
        case .crashIsReal: "Your world: a crash ends StoreSim for real; run storesim again to see the next launch."
        case .crashStaysHere: "Fresh worlds and lessons: a crash stays in this process; o launches the app again."
        case .temporaryNote: "They are temporary: removed when you quit. Your world is kept as it is."
        case .headerFreshWorld: "world {1}"
        case .headerLesson: "lesson {1}"
        case .headerServed: "your world, served on {1}"
        case .lessonsLine: "lessons, each in a fresh world: {1}"
        case .freshWorldOpened: "Fresh world {1}: the same catalog, nothing bought, the usual settings; w lists the worlds."
        case .worldShown: "Showing {1}."
        case .worldNotOpened: "No fresh world: {1}"
        case .tooManyWorlds: "{1} worlds are open, the most the panel lists: quit to start over."
        case .crashedInProcess: "The app died. o launches it again: the launch recovers what the strategy can."
        case .alreadyRunning: "The app is already running."
        case .launching: "Launching the app: it looks in its cache and in the Store's queue."
        case .lessonOver: "Lesson over ({1} steps). w then 1: back to your world. q: quit StoreSim."
        case .lessonOverStatus: "The lesson is over; w then 1 goes back to your world."
        case .serving: "Serving your world on {1}: each request shows on its timeline; q stops the server."
        }
    }
}
