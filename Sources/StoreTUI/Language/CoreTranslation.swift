import Foundation

/// Tells a sentence the simulation wrote in English in another language: the text is matched
/// against each `CoreSentence`'s English template in turn, and the first that fits is told with
/// the other language's template, its holes filled from the English text. A text no template
/// fits is shown as it was written.
enum CoreTranslation {
    /// One English template, cut into its literal pieces and holes.
    struct Pattern: Sendable {
        let sentence: CoreSentence
        let literals: [String]
        let names: [String]

        init(_ sentence: CoreSentence) {
            self.sentence = sentence
            (literals, names) = Template.parts(English.sentence(sentence))
        }
    }

    /// What a hole takes, by the letters of its name: `{tx}`, `{n2}`, `{text}`.
    enum Hole {
        case number, word, verbatim, sentence

        init(_ name: String) {
            switch name.prefix(while: \.isLetter) {
            case "n", "tx": self = .number
            case "id", "word": self = .word
            case "text": self = .sentence
            default: self = .verbatim
            }
        }

        func accepts(_ value: Substring) -> Bool {
            switch self {
            case .number: !value.isEmpty && value.allSatisfy(\.isASCII) && value.allSatisfy(\.isNumber)
            case .word: !value.isEmpty && !value.contains(" ")
            case .verbatim, .sentence: !value.isEmpty
            }
        }
    }

    static let patterns = CoreSentence.allCases.map(Pattern.init)

    /// `text` told with `table`'s templates.
    static func translate(_ text: String, into table: (CoreSentence) -> String) -> String {
        guard let (sentence, values) = match(text) else { return text }
        return Template.fill(table(sentence)) { name in
            values[name].map { value in
                switch Hole(name) {
                case .sentence: translate(value, into: table)
                case .number, .word, .verbatim: value
                }
            }
        }
    }

    /// The first sentence whose English template fits `text`, with what each hole took.
    static func match(_ text: String) -> (CoreSentence, [String: String])? {
        for pattern in patterns where text.hasPrefix(pattern.literals[0]) {
            if let values = match(Substring(text), pattern) { return (pattern.sentence, values) }
        }
        return nil
    }

    /// What each hole of `pattern` takes in `text`, or nil when the text does not fit. A hole
    /// before another literal takes the shortest run its kind accepts; the last hole takes
    /// everything up to the last literal, which must end the text.
    private static func match(_ text: Substring, _ pattern: Pattern) -> [String: String]? {
        var rest = text.dropFirst(pattern.literals[0].count)
        guard !pattern.names.isEmpty else { return rest.isEmpty ? [:] : nil }
        var values: [String: String] = [:]
        for (index, name) in pattern.names.enumerated() {
            let literal = pattern.literals[index + 1]
            let hole = Hole(name)
            if index == pattern.names.count - 1 {
                guard rest.hasSuffix(literal) else { return nil }
                let value = rest.dropLast(literal.count)
                guard hole.accepts(value) else { return nil }
                values[name] = String(value)
                return values
            }
            guard let (value, after) = shortest(hole, before: literal, in: rest) else { return nil }
            values[name] = String(value)
            rest = after
        }
        return values
    }

    /// The shortest run at the start of `text` that `hole` accepts and `literal` follows, and
    /// the text after that literal.
    private static func shortest(_ hole: Hole, before literal: String, in text: Substring) -> (Substring, Substring)? {
        var from = text.startIndex
        while let found = text.range(of: literal, range: from..<text.endIndex) {
            let value = text[..<found.lowerBound]
            if hole.accepts(value) { return (value, text[found.upperBound...]) }
            guard found.lowerBound < text.endIndex else { return nil }
            from = text.index(after: found.lowerBound)
        }
        return nil
    }
}
