import IAPCore
import WorldCore

/// One command of the scenario language, declared once: how it is written and read back, when
/// it acts, what it is for, and how chaos draws it. The parser, the script printer, the world's
/// timing rule, chaos and help all read this declaration.
public struct CommandDeclaration: Sendable {
    /// When a command acts, relative to the messages still on their way.
    public enum Timing: Sendable {
        /// A tap on the device or a switch: it acts at once, while earlier messages travel on.
        case atOnce
        /// It first lets the world deliver every message in flight.
        case whenQuiet
    }

    /// How chaos draws a command: a share of the draws, and the commands one draw makes.
    package struct ChaosUse: Sendable {
        /// How many draws in a hundred make this command.
        package let weight: Int
        package let make: @Sendable (inout ChaosDraw) -> [ScenarioCommand]
    }

    public let syntax: CommandSyntax
    /// What the command does, in one line.
    public let help: String
    public let timing: Timing
    /// Whether the command needs the running app (a tap in the app).
    public let needsApp: Bool
    /// The stores whose worlds take the command: the App Store's alone, or Google Play's too.
    public let stores: Set<StoreKind>
    let read: @Sendable (inout ArgumentReader) throws(CommandProblem) -> ScenarioCommand
    /// The command's arguments as written, or nil when the command is not one of this declaration.
    let arguments: @Sendable (ScenarioCommand) -> [String]?
    package let chaos: ChaosUse?
    /// How chaos draws the command in a Google Play world, when not as on the App Store (`chaos`):
    /// Play's answers of buy, or a command of Play's alone. The App Store's draws never read it.
    package let playChaos: ChaosUse?
    /// The command's arguments in Google's words, for a command written otherwise on Google Play
    /// (a strategy, a crash point); nil: written alike on both stores.
    let playArguments: (@Sendable (ScenarioCommand) -> [String]?)?
    /// The commands that put this command's switch back to normal in `world`, for the end of a
    /// chaos run; empty when it is normal already.
    package let restore: (@Sendable (World) -> [ScenarioCommand])?

    init(_ usage: String, _ help: String, timing: Timing, needsApp: Bool = false, stores: Set<StoreKind> = [.appStore],
         read: @escaping @Sendable (inout ArgumentReader) throws(CommandProblem) -> ScenarioCommand,
         arguments: @escaping @Sendable (ScenarioCommand) -> [String]?,
         playArguments: (@Sendable (ScenarioCommand) -> [String]?)? = nil,
         chaos: ChaosUse? = nil, playChaos: ChaosUse? = nil, restore: (@Sendable (World) -> [ScenarioCommand])? = nil) {
        syntax = CommandSyntax(usage)
        self.help = help
        self.timing = timing
        self.needsApp = needsApp
        self.stores = stores
        self.read = read
        self.arguments = arguments
        self.playArguments = playArguments
        self.chaos = chaos
        self.playChaos = playChaos
        self.restore = restore
    }

    /// A command without arguments, such as `launch`.
    init(_ usage: String, _ help: String, timing: Timing, needsApp: Bool = false, stores: Set<StoreKind> = [.appStore],
         command: ScenarioCommand, chaos: ChaosUse? = nil, playChaos: ChaosUse? = nil) {
        self.init(usage, help, timing: timing, needsApp: needsApp, stores: stores,
                  read: { (_: inout ArgumentReader) throws(CommandProblem) in command },
                  arguments: { $0 == command ? [] : nil }, chaos: chaos, playChaos: playChaos)
    }

    /// How chaos draws the command in a world that sells on `store`; nil when it does not (a
    /// command of the other store, or one chaos leaves alone).
    package func chaos(on store: StoreKind) -> ChaosUse? {
        guard stores.contains(store) else { return nil }
        return store == .play ? playChaos ?? chaos : chaos
    }

    /// The command read from the arguments of a line that fits the syntax.
    func command(_ arguments: [String], catalog: Catalog, store: StoreKind) throws(CommandProblem) -> ScenarioCommand {
        var reader = ArgumentReader(arguments, catalog: catalog, store: store)
        return try read(&reader)
    }

    /// Every store: a command of both the App Store's and Google Play's worlds.
    static let everyStore = Set(StoreKind.allCases)

    /// The command as a line of a script of a world that sells on `store`, when it is one of
    /// this declaration.
    func line(_ command: ScenarioCommand, on store: StoreKind = .appStore) -> String? {
        let arguments = store == .play ? playArguments ?? arguments : arguments
        return arguments(command).map(syntax.line)
    }
}
