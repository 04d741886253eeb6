import IAPCore
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

    /// The command as a line of a script of a world that sells on `store`, in its words (Google's
    /// strategies and crash points on Google Play); the parser of that store reads it back.
    public func scriptLine(on store: StoreKind) -> String {
        declaration?.line(self, on: store) ?? ""
    }

    /// Whether the command waits for the messages in flight to be delivered before it runs.
    public var waitsForQuiet: Bool {
        declaration?.timing == .whenQuiet
    }
}
