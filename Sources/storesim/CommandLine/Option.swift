/// An option that takes a value, declared once: its name, the placeholder and help line the
/// usage and help show, and how its value is read and checked. A command reads the typed value
/// through the declaration (`arguments[ChaosCommand.runs]`), never by the option's name.
struct Option<Value: Sendable>: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, _ placeholder: String, help: String, reads reader: ValueReader<Value>) {
        spec = OptionSpec(name: name, value: placeholder, help: help,
                          read: { word throws(CLIError) -> any Sendable in try reader.read(word, name) })
    }
}
