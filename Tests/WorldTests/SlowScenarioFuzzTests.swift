import Foundation
import IAPCore
@testable import ScenarioLanguage
import Testing
import TestSupport

/// Seeded, word-aware fuzzing of the scenario parser, from the scripts in `Scenarios/`: one line
/// changed is reported at that line and no other; line endings, a byte-order mark, blanks and
/// comments change nothing; random text fails cleanly. Every command read prints back as a line
/// that reads as the same command. (Scripts/fuzz.sh runs the same checks under libFuzzer.)
@Suite("The scenario parser under mutation", .tags(.slow))
struct SlowScenarioFuzzTests {
    private static let file = "fuzz.scenario"
    private let parser = ScenarioParser(catalog: BuiltInCatalog.catalog())

    /// The command lines of every shipped script that parses (comments and blanks dropped).
    private let seeds: [[String]]
    /// Every word of those lines, to splice into others.
    private let vocabulary: [String]

    /// Words that are wrong in most places, and characters a person cannot see.
    private static let hostileWords = [
        "", "-1", "0", "99999999999999999999", "+5", "٣", "1e3", "90", "90y", "#", "on#", "\u{301}",
        "com.storesim.coins.100\u{301}", "\u{1B}[2J", "\u{0}", "\u{85}", "\u{2028}", "\u{FEFF}", "\r",
        String(repeating: "x", count: 1200),
    ]

    init() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios")
        var seeds: [[String]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".scenario") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let parser = ScenarioParser(catalog: BuiltInCatalog.catalog())
            guard let steps = try? parser.parse(text, file: name) else { continue }
            seeds.append(steps.map(\.text))
        }
        self.seeds = seeds
        vocabulary = Array(Set(seeds.joined().flatMap { $0.split(separator: " ").map(String.init) })).sorted()
    }

    @Test func theSeedsAreTheShippedScripts() {
        #expect(seeds.count >= 16)
        #expect(vocabulary.count > 40)
    }

    @Test func everyCommandReadsBackAsItself() throws {
        for script in seeds {
            for step in try parser.parse(script.joined(separator: "\n"), file: Self.file) {
                #expect(try parser.parse(step.command.scriptLine, file: Self.file).map(\.command) == [step.command], "\(step.text)")
            }
        }
    }

    @Test func lineEndingsMarksBlanksAndCommentsChangeNothing() throws {
        var generator = SplitMix64(seed: 0x5CE7_A210)
        for script in seeds {
            let original = try parser.parse(script.joined(separator: "\n"), file: Self.file)
            var disguised = "\u{FEFF}"
            for line in script {
                let words = line.split(separator: " ").map { String($0) }
                let gaps = (0...words.count).map { _ in [" ", "\t", "  \t ", " \r"].randomElement(using: &generator) ?? " " }
                disguised += ["", "  # a comment", "\t#", "# é ✓ \u{1B} anything"].randomElement(using: &generator) ?? ""
                disguised += "\r\n"
                disguised += zip(gaps, words).map { $0 + $1 }.joined() + (gaps.last ?? "")
                disguised += ["", "# why", " #x", "\t#\u{7}"].randomElement(using: &generator) ?? ""
                disguised += "\r\n"
            }
            let steps = try parser.parse(disguised, file: Self.file)
            #expect(steps.map(\.command) == original.map(\.command))
            #expect(steps.map(\.line) == original.map { $0.line * 2 }, "every command keeps its line number")
        }
    }

    @Test func oneChangedLineIsReportedAtThatLine() throws {
        var generator = SplitMix64(seed: 0x0_11E)
        var reported = 0
        for _ in 0..<4000 {
            guard var script = seeds.randomElement(using: &generator), !script.isEmpty else { continue }
            let index = Int.random(in: 0..<script.count, using: &generator)
            var words = script[index].split(separator: " ").map { String($0) }
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...words.count, using: &generator)
                let word = Bool.random(using: &generator)
                    ? Self.hostileWords.randomElement(using: &generator) ?? ""
                    : vocabulary.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where position < words.count: words.remove(at: position)
                case 1 where position < words.count: words[position] = word
                default: words.insert(word, at: position)
                }
            }
            script[index] = words.joined(separator: " ")
            guard let error = parseError(script.joined(separator: "\n")) else { continue }
            reported += 1
            #expect(error.line == index + 1, "changed line \(index + 1) to \(script[index].debugDescription), reported \(error)")
        }
        #expect(reported > 2000, "most changed lines are wrong, and each was reported at its line")
    }

    @Test func randomTextFailsCleanly() {
        var generator = SplitMix64(seed: 0x7E47)
        let pieces = vocabulary + Self.hostileWords + [" ", " ", "\n", "\r\n", "\t", "#", "\u{FFFD}"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            _ = parseError(text)
        }
    }

    /// The error parsing `text` throws, checked for its form; nil when it parses, after checking
    /// that every command reads back as itself.
    private func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (line: Int, problem: String)? {
        do {
            for step in try parser.parse(text, file: Self.file) {
                let again = try? parser.parse(step.command.scriptLine, file: Self.file).map(\.command)
                #expect(again == [step.command], "\(step.text.debugDescription) reads back differently", sourceLocation: sourceLocation)
            }
            return nil
        } catch {
            guard case .script(let file, let line, let problem, _) = error else {
                Issue.record("not a script error: \(error)", sourceLocation: sourceLocation)
                return nil
            }
            let lines = text.unicodeScalars.count { $0 == "\n" } + 1
            #expect(file == Self.file, sourceLocation: sourceLocation)
            #expect((1...lines).contains(line), "line \(line) of \(lines)", sourceLocation: sourceLocation)
            #expect(error.description == "\(Self.file): line \(line): \(problem)", sourceLocation: sourceLocation)
            #expect(error.description.count < 1400, sourceLocation: sourceLocation)
            let hidden = error.description.unicodeScalars.filter { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
            #expect(hidden.isEmpty, "one printable line: \(error.description.debugDescription)", sourceLocation: sourceLocation)
            return (line, problem)
        }
    }
}
