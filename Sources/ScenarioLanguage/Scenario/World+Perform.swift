import WorldCore

extension World {
    /// Carries out one command of the shared vocabulary: scripts, the TUI and chaos all come here.
    /// A command declared as needing the app is refused while the app is not running. A command
    /// the world declines throws `.refused`; a file or database that fails, `.failed`.
    public func perform(_ command: ScenarioCommand) throws(WorldActionError) {
        let declaration = command.declaration
        try carryOut(command, needingApp: declaration?.needsApp == true ? declaration?.syntax.name : nil)
    }

    /// Carries out a command as a script line does (docs/reference/scenario-language.md,
    /// "Timing"): a tap or a switch acts at once, while earlier messages are still on their way;
    /// every other command first lets the world deliver every message in flight. Scripts, chaos
    /// and the matrix come here; the TUI calls `perform`, since its messages wait for the ticks
    /// or for step mode.
    public func performInTurn(_ command: ScenarioCommand) throws(WorldActionError) {
        if command.waitsForQuiet {
            do {
                try settle()
            } catch {
                throw .failed(error)
            }
        }
        try perform(command)
    }
}
