import IAPCore
import WorldCore

/// Parses scenario scripts: one command a line, `#` comments, blank lines skipped; each line is
/// read by its command's declaration in `ScenarioVocabulary`. Every error names the file and the line.
public struct ScenarioParser {
    public let catalog: Catalog
    /// The store the scripts' world sells on: its commands and words are the ones read.
    public let store: StoreKind

    public init(catalog: Catalog, store: StoreKind = .appStore) {
        self.catalog = catalog
        self.store = store
    }

    /// The longest command line accepted, comment aside, in characters.
    static let maxLineLength = 1000

    /// Parses a whole script. Lines end in `\n` or `\r\n`, and a byte-order mark at the start is
    /// skipped (editors on Windows write both); words are split on spaces and tabs by Unicode
    /// scalar, so no combining mark can glue a `#` or a space to its neighbour.
    public func parse(_ text: String, file: String) throws(WorldError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        let scalars = text.unicodeScalars.first == "\u{FEFF}" ? text.unicodeScalars.dropFirst() : text.unicodeScalars[...]
        for (offset, rawLine) in scalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let withoutComment = rawLine.prefix { $0 != "#" }
            if let problem = Self.unreadable(withoutComment) {
                throw .script(file: file, line: offset + 1, problem: problem)
            }
            let words = withoutComment.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                .map { String(Substring($0)) }
            guard !words.isEmpty else { continue }
            do {
                let command = try ScenarioVocabulary.command(words, catalog: catalog, store: store)
                steps.append(ScenarioStep(file: file, line: offset + 1, text: words.joined(separator: " "), command: command))
            } catch {
                throw .script(file: file, line: offset + 1, problem: error.problem, unknownProduct: error.unknownProduct)
            }
        }
        return steps
    }

    /// Why a line (comment aside) is not a command a person wrote: a control character or a
    /// line separator inside it, or a length no command has. Nil for a readable line.
    private static func unreadable(_ line: Substring.UnicodeScalarView) -> String? {
        let hidden = line.first { scalar in
            switch scalar.properties.generalCategory {
            case .control: scalar != "\t" && scalar != "\r"
            case .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        if let hidden {
            let hex = String(hidden.value, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) in the line; a script is plain text"
        }
        guard line.count <= maxLineLength else {
            return "too long: \(line.count) characters (a command takes at most \(maxLineLength))"
        }
        return nil
    }
}
