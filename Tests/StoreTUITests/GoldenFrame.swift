import Foundation
import Testing

/// A whole screen compared with its golden copy in `Frames/`, row by row, the way a person
/// reads it: a failure names each row that differs with the expected and the actual text. With
/// `STORESIM_RECORD_FRAMES=1` the screens are written as the new golden copies instead.
enum GoldenFrame {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Frames")

    static var recording: Bool {
        ProcessInfo.processInfo.environment["STORESIM_RECORD_FRAMES"] == "1"
    }

    /// What differs between `rows` and the golden frame `name`, or nil when nothing does (or
    /// when recording, after writing it). Trailing spaces are not compared.
    static func difference(_ rows: [String], name: String) throws -> String? {
        let path = folder.appendingPathComponent(name + ".txt")
        let actual = rows.map(trimmed)
        if recording {
            try (actual.joined(separator: "\n") + "\n").write(to: path, atomically: true, encoding: .utf8)
            return nil
        }
        guard let text = try? String(contentsOf: path, encoding: .utf8) else {
            return "no golden frame \(name).txt; record it: STORESIM_RECORD_FRAMES=1 swift test --filter <its suite>"
        }
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard expected != actual else { return nil }
        var lines = ["\(name): the screen differs from its golden frame (- expected, + actual)"]
        if expected.count != actual.count {
            lines.append("  rows: \(expected.count) expected, \(actual.count) actual")
        }
        for row in 0..<max(expected.count, actual.count) {
            let wanted = row < expected.count ? expected[row] : "(no row)"
            let found = row < actual.count ? actual[row] : "(no row)"
            if wanted != found {
                let number = row < 10 ? " \(row)" : "\(row)"
                lines += ["  row \(number) - \(wanted)", "  row \(number) + \(found)"]
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func trimmed(_ row: String) -> String {
        var row = row
        while row.last == " " { row.removeLast() }
        return row
    }
}

/// Expects `rows` to be the golden frame `name` in `Frames/`; a failure names each row that
/// differs, with what was expected and what is shown.
func expectFrame(_ rows: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let difference = try GoldenFrame.difference(rows, name: name)
    #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
}
