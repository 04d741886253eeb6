import WorldCore

extension ScenarioCommand {
    /// How the command is declared in the scenario language.
    public var declaration: CommandDeclaration? {
        ScenarioVocabulary.declaration(of: self)
    }

    /// The command as a line of a scenario script; the parser reads it back as the same command.
    public var scriptLine: String {
        declaration?.line(self) ?? ""
    }

    /// Whether the command waits for the messages in flight to be delivered before it runs.
    public var waitsForQuiet: Bool {
        declaration?.timing == .whenQuiet
    }
}
