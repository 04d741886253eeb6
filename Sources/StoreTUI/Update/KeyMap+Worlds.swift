import Lessons
import ScenarioLanguage

extension KeyMap {
    /// The most worlds the interface holds: the worlds panel's keys are single digits.
    static let mostWorlds = 9

    /// The main screen's `w`: the worlds panel, the shown world selected.
    static let worldsPanel = KeyBinding([.character("w")], "w", footer: nil, help: .worldsHelp) { _, state, _ in
        state.mode = .worlds
        return []
    }

    /// The main screen's `o`: launches an app that crashed in this process (or was never
    /// launched), with launch recovery; a loss report follows once the launch settles.
    static func launchApp(footer: Phrase?) -> KeyBinding {
        KeyBinding([.character("o")], "o", footer: footer, help: .launchHelp) { _, state, model in
            guard !model.appStatus.isRunning else {
                state.status = state.language(.alreadyRunning)
                return []
            }
            state.status = state.language(.launching)
            state.lossReportDue = true
            return [.perform(.launch)]
        }
    }

    /// The help dialog's lesson keys: a lesson's number opens it in a fresh world.
    static let lessonKeys = KeyBinding(digitKeys(Lesson.all.count), "1–\(Lesson.all.count)", footer: .openLesson,
                                       help: .openLesson) { key, state, _ in
        guard let number = digit(key) else { return [] }
        state.mode = .main
        return [.openLesson(number)]
    }

    /// The worlds panel: a world's number shows it, `n` adds a fresh one.
    static func worlds(count: Int) -> KeyMap {
        KeyMap([
            KeyBinding(digitKeys(count), count == 1 ? "1" : "1–\(count)", footer: .showWorld, help: .showWorld) { key, state, _ in
                guard let number = digit(key), number <= state.worlds.count else { return [] }
                state.mode = .main
                return number - 1 == state.currentWorld ? [] : [.switchWorld(number - 1)]
            },
            KeyBinding([.character("n")], "n", footer: .freshWorldKey, help: .freshWorldKey) { _, state, _ in
                state.mode = .main
                guard state.worlds.count < mostWorlds else {
                    state.status = state.language(.tooManyWorlds, mostWorlds)
                    return []
                }
                return [.freshWorld]
            },
            closing([.escape, .character("w"), .character("q")], "Esc", footer: .words(.close)),
        ])
    }

    /// The keys 1, 2, … `count` (at most 9): the digit keys of a menu or a list.
    static func digitKeys(_ count: Int) -> [Key] {
        (1...max(1, min(count, 9))).map { .character(Character(String($0))) }
    }

    /// The number a digit key stands for, nil for any other key.
    static func digit(_ key: Key) -> Int? {
        guard case .character(let character) = key else { return nil }
        return character.wholeNumberValue
    }
}
