import IAPCore

/// How an option's word becomes its typed value: the type it has, the words it takes, and the
/// one error line (status 2) for a word it refuses, said the same way for every option of a kind.
struct ValueReader<Value: Sendable>: Sendable {
    /// Reads `word`, given to the option named `option`.
    let read: @Sendable (_ word: String, _ option: String) throws(CLIError) -> Value
}

extension ValueReader where Value == String {
    /// A file's or a folder's path, any word: the command checks it where it opens it, with
    /// the other inputs, so that a missing file is said in its own words.
    static var path: ValueReader { ValueReader { word, _ in word } }

    /// An `http://` or `https://` URL with a host (`NotificationsURL`).
    static var httpURL: ValueReader {
        ValueReader { word, option throws(CLIError) in
            if let problem = OutsideURL.problem(word) { throw .usage("\(option): \(problem)") }
            return word
        }
    }
}

extension ValueReader where Value: FixedWidthInteger {
    /// A whole number from `lower` to `upper` (with no upper bound when nil), of `unit` when
    /// given: "--last needs a whole number of events, 1 or more, not 'x'".
    static func whole(from lower: Value, to upper: Value? = nil, of unit: String? = nil) -> ValueReader {
        ValueReader { word, option throws(CLIError) in
            guard let number = Value(word), number >= lower, upper.map({ number <= $0 }) ?? true else {
                let range = upper.map { " from \(lower) to \($0)" } ?? ", \(lower) or more"
                throw .usage("\(option) needs a whole number\(unit.map { " of \($0)" } ?? "")\(range), not '\(word)'")
            }
            return number
        }
    }
}

extension ValueReader {
    /// One of `choices`, a `noun` ("strategy"): each value with the words that name it, the first
    /// of them the one an error line lists.
    static func choice(of noun: String, _ choices: [(words: [String], value: Value)], listing: ChoiceListing) -> ValueReader {
        ValueReader { word, option throws(CLIError) in
            guard let found = choices.first(where: { $0.words.contains(word) }) else {
                throw .usage(listing.line(unknown: word, noun: noun, option: option, choices: choices.compactMap(\.words.first)))
            }
            return found.value
        }
    }
}

extension ValueReader where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of an enumeration's cases, named by its raw value.
    static func cases(of noun: String, listing: ChoiceListing = .nearWords) -> ValueReader {
        choice(of: noun, Value.allCases.map { (words: [$0.rawValue], value: $0) }, listing: listing)
    }
}
