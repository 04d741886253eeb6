import IAPCore

/// The options and arguments given to one subcommand.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Whether `--help` or `-h` was given as an option (not as an option's value, nor after `--`).
    var wantsHelp: Bool { Options.help.contains { flag($0.name) } }

    /// Parses `words` against the command's options table, where `--help` and `-h` are flags of
    /// every command. When help is asked for, the arguments are not counted. An option given
    /// twice, or with an empty value, is an error naming it.
    static func parse(_ words: [String], for command: CommandSpec) throws(CLIError) -> ParsedArguments {
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
            let known = command.options + Options.help
            guard let option = known.first(where: { $0.name == name }) else {
                throw .usage("unknown option '\(name)' for storesim \(command.name)" + NearWords(name, among: known.map(\.name)).hint)
            }
            if option.value == nil {
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                guard parsed.flags.insert(name).inserted else {
                    throw .usage("\(name) is given twice; give it once: \(command.usage)")
                }
                continue
            }
            guard parsed.values[name] == nil else {
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
            parsed.values[name] = value
        }
        if parsed.wantsHelp {
            return parsed
        }
        if let arguments = command.arguments {
            guard parsed.positional.count >= arguments.minimum else {
                throw .usage("'\(command.name)' needs \(arguments.name): \(command.usage)")
            }
            guard parsed.positional.count <= arguments.maximum else {
                throw .usage("too many arguments: \(command.usage)")
            }
        } else if let extra = parsed.positional.first {
            throw .usage("unexpected argument '\(extra)': \(command.usage)")
        }
        return parsed
    }

    private static func splitInline(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
