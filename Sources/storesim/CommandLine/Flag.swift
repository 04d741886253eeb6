/// An option without a value, declared once: given or not (`arguments[Options.json]`).
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, help: String) {
        spec = OptionSpec(name: name, value: nil, help: help, read: nil)
    }
}
