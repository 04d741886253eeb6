import Foundation
import Testing
import TestSupport

/// README.md and every page under docs/: each relative Markdown link reaches a file of the
/// repository (and a heading of it, when it names one), and the README stays short enough to
/// read in five minutes.
@Suite struct DocumentationLinksTests {
    static let readmeMostLines = 250

    /// README.md and every Markdown file under docs/, as paths relative to the repository.
    static var pages: [String] {
        let root = StoreSimProcess.projectRoot
        let docs = root.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test func theReadmeIsAtMostTwoHundredFiftyLines() throws {
        let text = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= Self.readmeMostLines, "README.md has \(lines) lines; the rest belongs in docs/")
    }

    @Test func thereAreDocsToLinkTo() {
        #expect(Self.pages.contains("docs/reference/command-line.md"))
        #expect(Self.pages.count > 5)
    }

    @Test(arguments: pages)
    func everyRelativeLinkResolves(_ page: String) throws {
        let broken = try MarkdownLinks.broken(in: page, root: StoreSimProcess.projectRoot)
        #expect(broken.isEmpty, "\(page): \(broken.joined(separator: "; "))")
    }

    /// The checker itself: a missing file, a missing heading and a missing heading of the page
    /// itself are each found; links to files and headings that exist, web links and links
    /// inside code are not.
    @Test func theCheckerFindsBrokenLinksAndOnlyThose() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/docs", withIntermediateDirectories: true)
        _ = try folder.write("docs/other.md", "# Other page\n\n## The `run` command, again\n")
        _ = try folder.write("README.md", """
            # Title

            See [the other page](docs/other.md), [its heading](docs/other.md#the-run-command-again),
            [this title](#title), [the web](https://example.com/x.md) and `[code](docs/none.md)`.
            Broken: [gone](docs/gone.md), [no heading](docs/other.md#nowhere) and [no such
            title](#no-title).

            ```
            [in a code block](docs/none.md)
            ```
            """)
        let broken = try MarkdownLinks.broken(in: "README.md", root: folder.url)
        #expect(broken == ["docs/gone.md: no such file", "docs/other.md#nowhere: no such heading",
                           "#no-title: no such heading"])
    }
}

/// Relative links of a Markdown page, and which of them lead nowhere.
enum MarkdownLinks {
    /// The relative links of `page` (a path under `root`) whose file, or heading, does not exist,
    /// each as written with what is missing.
    static func broken(in page: String, root: URL) throws -> [String] {
        let pageURL = root.appendingPathComponent(page)
        let text = try String(contentsOf: pageURL, encoding: .utf8)
        var broken: [String] = []
        for target in targets(in: text) where !target.contains("://") && !target.hasPrefix("mailto:") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0]
            let file = path.isEmpty ? pageURL : pageURL.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
                broken.append("\(target): no such file")
                continue
            }
            if parts.count == 2, !isFolder.boolValue {
                let headings = try anchors(in: String(contentsOf: file, encoding: .utf8))
                if !headings.contains(parts[1]) { broken.append("\(target): no such heading") }
            }
        }
        return broken
    }

    /// The targets of the inline links `[text](target)` and images `![text](target)`, outside fenced
    /// code blocks and code spans.
    static func targets(in text: String) -> [String] {
        let prose = withoutCode(text)
        guard let pattern = try? NSRegularExpression(pattern: #"\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#) else { return [] }
        let range = NSRange(prose.startIndex..., in: prose)
        return pattern.matches(in: prose, range: range).compactMap { match in
            Range(match.range(at: 1), in: prose).map { String(prose[$0]) }
        }
    }

    /// GitHub's anchors for the headings of a page: lowercased, punctuation other than `-` and
    /// `_` dropped, spaces made `-`, a repeated anchor numbered `-1`, `-2`, ….
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for line in withoutCode(text, keepingSpans: true).split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// `text` without its fenced code blocks, and without its code spans unless `keepingSpans`
    /// (a heading's code span is part of its anchor).
    static func withoutCode(_ text: String, keepingSpans: Bool = false) -> String {
        var lines: [Substring] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { lines.append(line) }
        }
        let joined = lines.joined(separator: "\n")
        guard !keepingSpans else { return joined }
        var result = ""
        var inSpan = false
        for character in joined {
            if character == "`" {
                inSpan.toggle()
            } else if !inSpan {
                result.append(character)
            }
        }
        return result
    }
}
