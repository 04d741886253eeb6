/// One option of a subcommand as its table keeps it, whatever its value's type: its name, the
/// placeholder of its value (nil for a flag), its help line, and how its value is read.
struct OptionSpec: Sendable {
    let name: String
    /// The placeholder of the option's value, or nil for a flag.
    let value: String?
    let help: String
    /// Reads the option's word into its typed value, or refuses it in one line; nil for a flag.
    let read: (@Sendable (String) throws(CLIError) -> any Sendable)?

    var label: String { value.map { "\(name) \($0)" } ?? name }
}

/// A declared option, whatever its value's type: what a command's options table lists.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    var spec: OptionSpec { self }
}
