import Foundation
import IAPCore
import ScenarioLanguage
import StoreTUI

/// `storesim play SCRIPT`: the interactive interface playing a scenario in step mode, the
/// comment above each step shown as its narration.
enum PlayCommand {
    static let spec = CommandSpec(
        name: "play",
        summary: "Play a scenario script in the interface, step by step, with its comments as narration.",
        options: [RunCommand.dataDir.spec] + InteractiveCommand.spec.options.filter { $0.name != "--data-dir" },
        arguments: (name: "SCRIPT", minimum: 1, maximum: 1),
        details: """
            The interface opens in step mode. n carries out the script's next step as `run` does
            (a step that waits for quiet delivers the messages in flight first); Space delivers
            one message; every other key works as in the interface. A crash discards the app in
            this process, so the script goes on. Lessons: Scenarios/lessons/.
            """,
        run: run)

    /// Without `--data-dir` the script plays in a fresh world, removed at the end, as `run` does.
    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        try Options.inDataDirectory(Options.givenDataDirectory(arguments[RunCommand.dataDir])) { directory throws(CLIError) in
            try InteractiveCommand.present(arguments, in: directory, script: arguments.positional.first)
        }
    }

    /// The script at `path`, parsed for the catalog (`option`, the `--catalog` given) in the
    /// words of `store`, its steps each with their narration.
    static func playback(_ path: String, catalog: Catalog, store: StoreKind, option: String?) throws(CLIError) -> ScriptPlayback {
        let text = try RunCommand.readScript(path)
        do {
            return ScriptPlayback(file: path, steps: try ScenarioParser(catalog: catalog, store: store).parseNarrated(text, file: path))
        } catch {
            throw .input(CatalogHint.line(error, script: path, catalog: option))
        }
    }
}
