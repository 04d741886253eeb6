import WorldCore

/// A script step with the comment lines written above it: the narration `storesim play` shows
/// before the step is carried out.
public struct NarratedStep: Equatable, Sendable {
    public let step: ScenarioStep
    /// The `#` comment lines between the previous step and this one, without the `#`; blank
    /// comment lines are left out.
    public let narration: [String]

    public init(step: ScenarioStep, narration: [String]) {
        self.step = step
        self.narration = narration
    }
}

extension ScenarioParser {
    /// Parses a script exactly as `parse` does, and gives each step the whole-line comments
    /// written between the previous step and it.
    public func parseNarrated(_ text: String, file: String) throws(WorldError) -> [NarratedStep] {
        let steps = try parse(text, file: file)
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var previous = 0
        return steps.map { step in
            let above = lines[previous..<min(step.line - 1, lines.count)].compactMap(Self.commentText)
            previous = step.line
            return NarratedStep(step: step, narration: above)
        }
    }

    /// The text of a whole-line comment, without its `#` and the spaces around; nil for a line
    /// that is not a comment, or a comment with no words.
    private static func commentText(_ line: Substring.UnicodeScalarView) -> String? {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{FEFF}" }
        let trimmed = line.drop(while: isSpace)
        guard trimmed.first == "#" else { return nil }
        var words = String(String.UnicodeScalarView(trimmed.dropFirst().drop(while: { $0 == "#" || isSpace($0) })))
        while let last = words.unicodeScalars.last, isSpace(last) { words.unicodeScalars.removeLast() }
        return words.isEmpty ? nil : words
    }
}
