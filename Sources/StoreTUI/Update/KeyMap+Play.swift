import ScenarioLanguage

extension KeyMap {
    /// The main screen's keys while a script plays: `n` carries out the script's next step.
    static func playing(_ main: KeyMap) -> KeyMap {
        KeyMap([playNext] + main.bindings, otherwise: main.otherwise)
    }

    private static let playNext = KeyBinding(
        [.character("n")], "n", footer: .nextStep, help: .nextStepHelp
    ) { _, state, model in
        guard var playback = state.playback, let next = playback.next else {
            state.status = state.currentWorld > 0 ? state.language(.lessonOverStatus) : state.language(.scriptOver)
            return []
        }
        // A step that waits for quiet is told once the messages it waits for have arrived.
        if next.step.command.waitsForQuiet && model.messagesInFlight > 0 {
            state.status = state.language(.deliveredBeforeStep)
            return [.deliverAll]
        }
        playback.done += 1
        state.playback = playback
        state.status = "\(next.step.file):\(next.step.line)  \(next.step.text)"
        if next.step.command == .launch { state.lossReportDue = true }
        return [.playStep(next.step)]
    }
}
