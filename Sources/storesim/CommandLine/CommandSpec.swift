import Foundation

/// One subcommand of `storesim`: its name, options, arguments, help text and what it runs.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let options: [OptionSpec]
    /// The name of the positional arguments, and how many are allowed.
    let arguments: (name: String, minimum: Int, maximum: Int)?
    let details: String
    let run: @Sendable (ParsedArguments) throws(CLIError) -> Int32
    /// The usage, when the options table cannot say it (a command with actions of its own).
    var synopsis: String?

    init(name: String, summary: String, options: [any OptionDeclaration], arguments: (name: String, minimum: Int, maximum: Int)?,
         details: String, run: @escaping @Sendable (ParsedArguments) throws(CLIError) -> Int32, synopsis: String? = nil) {
        self.name = name
        self.summary = summary
        self.options = options.map(\.spec)
        self.arguments = arguments
        self.details = details
        self.run = run
        self.synopsis = synopsis
    }

    /// The one-line usage: the synopsis, else made from the options table.
    var usage: String {
        if let synopsis { return synopsis }
        var parts = ["storesim", name].filter { !$0.isEmpty }
        for option in options {
            parts.append(option.value.map { "[\(option.name) \($0)]" } ?? "[\(option.name)]")
        }
        if let arguments {
            let name = arguments.maximum > 1 ? "\(arguments.name)..." : arguments.name
            parts.append(arguments.minimum > 0 ? name : "[\(name)]")
        }
        return parts.joined(separator: " ")
    }

    /// The full help text, made from the same table.
    var help: String {
        var lines = ["usage: \(usage)", "", summary]
        if !details.isEmpty {
            lines += ["", details]
        }
        if !options.isEmpty {
            lines += ["", "options:"] + optionLines
        }
        return lines.joined(separator: "\n")
    }

    /// Each option with what it does, one a line, aligned.
    var optionLines: [String] {
        let width = options.map { $0.label.count }.max() ?? 0
        return options.map { "  " + $0.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
    }
}
