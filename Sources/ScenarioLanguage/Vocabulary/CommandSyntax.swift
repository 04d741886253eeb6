import WorldCore

/// How one command is written, as its usage line reads: lower-case words are written as they
/// stand (`store`, `sell`), every other word is an argument (`PRODUCT`, `on|off`), and an
/// argument in brackets may be left out at the end (`[confirm|cancel|ask]`).
public struct CommandSyntax: Equatable, Sendable {
    /// One word of the syntax.
    public enum Token: Equatable, Sendable {
        case literal(String)
        case argument(String)
        case optionalArgument(String)
    }

    public let usage: String
    public let tokens: [Token]

    public init(_ usage: String) {
        self.usage = usage
        tokens = usage.split(separator: " ").map { word in
            if word.hasPrefix("["), word.hasSuffix("]") { return .optionalArgument(String(word.dropFirst().dropLast())) }
            let isLiteral = word.allSatisfy { $0.isLowercase || $0 == "-" }
            return isLiteral ? .literal(String(word)) : .argument(String(word))
        }
    }

    /// The command's first word, which names it.
    public var name: String { usage.prefix { $0 != " " }.description }

    /// The words a line must have at the least and at the most.
    var wordCounts: ClosedRange<Int> {
        let optional = tokens.filter { if case .optionalArgument = $0 { true } else { false } }.count
        return (tokens.count - optional)...tokens.count
    }

    /// How many of the syntax's written words stand where they should in `words`, counting from
    /// the start and stopping at the first that does not.
    func literalsMatched(_ words: [String]) -> Int {
        var matched = 0
        for (index, token) in tokens.enumerated() {
            guard case .literal(let literal) = token else { continue }
            guard index < words.count, words[index] == literal else { break }
            matched += 1
        }
        return matched
    }

    /// Whether every written word stands in its place and the number of words fits.
    func fits(_ words: [String]) -> Bool {
        wordCounts.contains(words.count)
            && literalsMatched(words) == tokens.filter { if case .literal = $0 { true } else { false } }.count
    }

    /// The arguments of a line that fits, in order.
    func arguments(of words: [String]) -> [String] {
        zip(tokens, words).compactMap { token, word in
            if case .literal = token { return nil }
            return word
        }
    }

    /// The line with `arguments` in the places of the syntax's arguments; an optional argument
    /// with no value ends the line.
    func line(_ arguments: [String]) -> String {
        var remaining = arguments[...]
        var words: [String] = []
        for token in tokens {
            if case .literal(let literal) = token {
                words.append(literal)
            } else if let argument = remaining.popFirst() {
                words.append(argument)
            }
        }
        return words.joined(separator: " ")
    }
}
