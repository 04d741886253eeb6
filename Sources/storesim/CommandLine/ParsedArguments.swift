import IAPCore

/// The options and arguments given to one subcommand, each option's value read into its
/// declared type; a command reads them through the declarations (`arguments[Options.json]`).
struct ParsedArguments {
    private var words: [String: String] = [:]
    private var values: [String: any Sendable] = [:]
    private var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// The value given to `option`, nil when it is not given.
    subscript<Value>(option: Option<Value>) -> Value? { values[option.spec.name] as? Value }
    /// Whether `flag` is given.
    subscript(flag: Flag) -> Bool { flags.contains(flag.spec.name) }
    /// Whether `--help` or `-h` was given as an option (not as an option's value, nor after `--`).
    var wantsHelp: Bool { Options.help.contains { self[$0] } }

    /// Parses `words` against the command's options table, where `--help` and `-h` are flags of
    /// every command. When help is asked for, the arguments are not counted and the values not
    /// read. An option given twice, or with an empty value, is an error naming it; then each
    /// value is read by its declaration, in the table's order.
    static func parse(_ words: [String], for command: CommandSpec) throws(CLIError) -> ParsedArguments {
        let known = command.options + Options.help.map(\.spec)
        var parsed = ParsedArguments()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                parsed.positional += words[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                parsed.positional.append(word)
                continue
            }
            let (name, inlineValue) = splitInline(word)
            guard let option = known.first(where: { $0.name == name }) else {
                throw .usage("unknown option '\(name)' for " + (command.name.isEmpty ? "storesim" : "storesim \(command.name)") + NearWords(name, among: known.map(\.name)).hint)
            }
            if option.value == nil {
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                guard parsed.flags.insert(name).inserted else {
                    throw .usage("\(name) is given twice; give it once: \(command.usage)")
                }
                continue
            }
            guard parsed.words[name] == nil else {
                throw .usage("\(name) is given twice; give it once: \(option.label)")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < words.count else { throw .usage("\(name) needs a value: \(option.label)") }
                value = words[index]
                index += 1
            }
            guard !value.isEmpty else { throw .usage("\(name) needs a value, not an empty one: \(option.label)") }
            parsed.words[name] = value
        }
        if parsed.wantsHelp {
            return parsed
        }
        try parsed.countArguments(for: command)
        for option in known {
            if let read = option.read, let word = parsed.words[option.name] {
                parsed.values[option.name] = try read(word)
            }
        }
        return parsed
    }

    /// Refuses too few or too many positional arguments for the command.
    private func countArguments(for command: CommandSpec) throws(CLIError) {
        if let arguments = command.arguments {
            guard positional.count >= arguments.minimum else {
                throw .usage("'\(command.name)' needs \(arguments.name): \(command.usage)")
            }
            guard positional.count <= arguments.maximum else {
                throw .usage("too many arguments: \(command.usage)")
            }
        } else if let extra = positional.first {
            throw .usage("unexpected argument '\(extra)': \(command.usage)")
        }
    }

    private static func splitInline(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
