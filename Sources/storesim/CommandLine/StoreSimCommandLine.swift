import Foundation
import IAPCore
import WorldCore

/// Dispatches `storesim`'s arguments to a subcommand, and answers `--help`, `help COMMAND` and
/// `--version`.
struct StoreSimCommandLine {
    static let version = "0.1.0"
    let commands: [CommandSpec]
    /// What runs when no subcommand is given.
    let interactive: CommandSpec

    /// Runs the command; its status, or 2 when it printed on stdout what stdout did not take.
    func main(_ arguments: [String]) -> Int32 {
        do {
            let status = try dispatch(arguments)
            if let failure = Output.standardOutputFailure {
                Output.error("error: \(failure)")
                return 2
            }
            return status
        } catch {
            DataDirectory.holdWhileInterrupted()
            Output.error("error: \(error.description)")
            return 2
        }
    }

    private func dispatch(_ arguments: [String]) throws(CLIError) -> Int32 {
        guard let first = arguments.first, !first.hasPrefix("--") || first == "--help" || first == "--version" else {
            let parsed = try ParsedArguments.parse(arguments, for: interactive)
            guard !parsed.wantsHelp else {
                Output.line(overview)
                return 0
            }
            return try interactive.run(parsed)
        }
        switch first {
        case "--help", "-h":
            if let extra = arguments.dropFirst().first {
                let hint = commands.contains { $0.name == extra } ? "; for a command's help: storesim help \(extra)" : ": storesim --help"
                throw .usage("\(first) takes no arguments, found '\(extra)'\(hint)")
            }
            Output.line(overview)
            return 0
        case "--version":
            if let extra = arguments.dropFirst().first {
                throw .usage("--version takes no arguments, found '\(extra)': storesim --version")
            }
            Output.line("storesim \(Self.version)")
            return 0
        case "help":
            guard arguments.count <= 2 else { throw .usage("usage: storesim help [COMMAND]") }
            guard let name = arguments.dropFirst().first else {
                Output.line(overview)
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else { throw unknownCommand(name) }
            Output.line(command.help)
            return 0
        default:
            guard let command = commands.first(where: { $0.name == first }) else { throw unknownCommand(first) }
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), for: command)
            guard !parsed.wantsHelp else {
                Output.line(command.help)
                return 0
            }
            return try command.run(parsed)
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }

    private var overview: String {
        var lines = [
            "storesim \(Self.version): a terminal store simulator that crashes purchases for real and",
            "shows, message by message, how lost orders are recovered.",
            "",
            "usage: \(interactive.usage)",
            "       storesim COMMAND [OPTIONS]",
            "",
        ] + Self.wrapped(interactive.details, width: 96) + [
            "",
            "options of the interface:",
        ] + interactive.optionLines + [
            "",
            "commands:",
        ]
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            lines.append("  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += ["", "'storesim help COMMAND' shows a command's options. --version prints the version."]
        return lines.joined(separator: "\n")
    }

    /// The error for a command StoreSim does not have, with the commands it has.
    private func unknownCommand(_ name: String) -> CLIError {
        .usage("unknown command '\(name)'" + NearWords(name, among: commands.map(\.name)).hint)
    }
}
