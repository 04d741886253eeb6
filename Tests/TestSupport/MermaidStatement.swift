import Foundation

/// What Mermaid's sequence-diagram lexer makes of one statement StoreSim writes, by the rules of
/// its grammar (`sequenceDiagram.jison`: a message's text runs from the colon to the first `#`,
/// `;` or newline) and of its entity codes (`#59;` is `;`).
public enum MermaidStatement {
    private static let participant = "(App|Store|Server|Cache)"
    private static let shape = try! NSRegularExpression(
        pattern: "^    (?:Note over \(participant)(?:,\(participant))?|\(participant)(?:->>|-x|--\\))\(participant)): (.+)$")

    /// The text after the statement's colon, or nil when the line is no note or arrow between
    /// the four participants.
    public static func text(of statement: String) -> String? {
        let range = NSRange(statement.startIndex..., in: statement)
        guard let match = shape.firstMatch(in: statement, range: range),
              let text = Range(match.range(at: match.numberOfRanges - 1), in: statement) else { return nil }
        return String(statement[text])
    }

    /// Whether nothing in a statement's text is syntax to Mermaid: no `;` or newline to end it,
    /// no `#` but entity codes, no `%` (comments, directives), no markup but `<br/>`, no
    /// `:` before something other than a space (`style…:#…;`), no `wrap:` option.
    public static func isInert(_ text: String) -> Bool {
        let bare = text.replacingOccurrences(of: "#[0-9]+;", with: "", options: .regularExpression)
            .replacingOccurrences(of: "<br/>", with: "")
        let trimmed = text.drop { $0 == " " }.lowercased()
        return !bare.contains { ";#%<>\"'&\n\r".contains($0) } && !bare.contains(/:[^ ]|:$/)
            && !trimmed.hasPrefix("wrap:") && !trimmed.hasPrefix("nowrap:")
    }

    /// The text as Mermaid shows it: entity codes decoded, `<br/>` a line break.
    public static func decoded(_ text: String) -> String {
        var result = ""
        var rest = Substring(text.replacingOccurrences(of: "<br/>", with: "\n"))
        while let code = rest.firstMatch(of: /#([0-9]+);/) {
            result += rest[..<code.range.lowerBound]
            result.unicodeScalars.append(Unicode.Scalar(UInt32(code.1) ?? 0) ?? " ")
            rest = rest[code.range.upperBound...]
        }
        return result + rest
    }
}
