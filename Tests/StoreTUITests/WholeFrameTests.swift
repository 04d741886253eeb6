import IAPCore
import ReadSide
@testable import StoreTUI
import Testing

/// Every view of the interface as a whole frame, at 80×24 and 120×40, in English and in
/// Simplified Chinese, compared with its golden copy in `Frames/`: the main screen, each
/// dialog and panel, the transaction manager and its questions, the decoded signed
/// transaction, the reports, step mode, the notification lane, a lesson, the worlds panel.
@Suite struct WholeFrameTests {
    /// A screen size the frames are kept at.
    struct Size: Sendable, CustomTestStringConvertible {
        let columns: Int
        let rows: Int
        var testDescription: String { "\(columns)x\(rows)" }
    }

    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 120, rows: 40)]
    static let locales = ["en_US", "zh_CN"]

    @Test(arguments: FrameCase.allCases, sizes)
    func theFrameIsItsGoldenCopy(_ view: FrameCase, size: Size) throws {
        for locale in Self.locales {
            let rows = try view.rows(columns: size.columns, rows: size.rows, locale: locale)
            let name = "\(view.rawValue)-\(locale == "en_US" ? "en" : "zh-Hans")-\(size.testDescription)"
            let difference = try GoldenFrame.difference(rows, name: name)
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test func aTooSmallTerminalIsItsGoldenCopy() throws {
        for locale in Self.locales {
            let frames = try TUIWorld().session(.settle + [.resize(60, 20), .tick, .capture], locale: locale)
            let difference = try GoldenFrame.difference(try #require(frames.last), name: "too-small-\(locale == "en_US" ? "en" : "zh-Hans")-60x20")
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test func aChangedRowIsNamedWithWhatWasExpectedAndWhatIsShown() throws {
        guard !GoldenFrame.recording else { return }
        var rows = try FrameCase.main.rows(columns: 80, rows: 24, locale: "en_US")
        rows[5] = "something else"
        let difference = try #require(try GoldenFrame.difference(rows, name: "main-en-80x24"))
        #expect(difference.contains("row  5 - "))
        #expect(difference.contains("row  5 + something else"))
        #expect(!difference.contains("row  4"))
    }
}

/// A view of the interface, reached by the keys a person would press in a fresh world (seed 3,
/// so the ids, keys and signatures are the same every run), or drawn from a state made by hand
/// where the real one would show a temporary folder's name.
enum FrameCase: String, CaseIterable, Sendable {
    case main
    case sheet
    case crashMenu = "crash-menu"
    case powerCutMenu = "power-cut-menu"
    case strategyMenu = "strategy-menu"
    case faults
    case help
    case stepMode = "step-mode"
    case transactions
    case decoded
    case confirmDelete = "confirm-delete"
    case confirmClear = "confirm-clear"
    case recoveryReport = "recovery-report"
    case lossReport = "loss-report"
    case notificationLane = "notification-lane"
    case lesson
    case worlds

    private typealias Steps = [ScriptedTerminal.Step]

    func rows(columns: Int, rows: Int, locale: String) throws -> [String] {
        if self == .worlds {
            return Self.worldsPanel(columns: columns, rows: rows, locale: locale)
        }
        // Escape leaves every dialog, so that the q the terminal presses at the end quits.
        let leave = Array(repeating: ScriptedTerminal.Step.key(.escape), count: 3)
        let frames = try TUIWorld().session(.settle + keys + [.capture] + leave, columns: columns, rows: rows, locale: locale)
        return try #require(frames.last)
    }

    private static func press(_ characters: String) -> Steps {
        characters.map { .key(.character($0)) }
    }

    private static let buy: Steps = [.key(.enter), .key(.enter)] + .settle

    private var keys: Steps {
        switch self {
        case .main: []
        case .sheet: [.key(.down), .key(.enter)]
        case .crashMenu: Self.press("x")
        case .powerCutMenu: Self.press("xp")
        case .strategyMenu: Self.press("m")
        case .faults: Self.press("f")
        case .help: Self.press("?")
        case .stepMode: Self.press("s") + [.key(.enter), .key(.enter), .tick, .tick]
        case .transactions: Self.buy + Self.press("t")
        case .decoded: Self.press("fa") + [.key(.escape)] + .settle + Self.buy + Self.press("t") + [.key(.enter)]
        case .confirmDelete: Self.buy + Self.press("tx")
        case .confirmClear: Self.buy + Self.press("tz")
        case .recoveryReport: Self.press("x3") + Self.buy + Self.press("o") + .settle
        case .lossReport: Self.press("m4") + .settle + Self.press("x6") + Self.buy + Self.press("o") + .settle
        case .notificationLane: Self.press("fn") + [.key(.escape)] + .settle + Self.buy
        case .lesson: Self.press("?1nn") + .settle
        case .worlds: []
        }
    }

    /// The worlds panel over a quiet world, with the opened world's folder named as a user's
    /// would be (a test's own folder has a random name).
    private static func worldsPanel(columns: Int, rows: Int, locale: String) -> [String] {
        var state = TUIState(columns: columns, rows: rows, locale: locale)
        state.worlds = [
            WorldEntry(kind: .opened(path: "/home/demo/.local/state/storesim", realCrash: true), strategy: .verifyThenFinish),
            WorldEntry(kind: .fresh(number: 2), strategy: .finishThenCache, lost: 1),
            WorldEntry(kind: .lesson(number: 1, title: "the caching module's window, a loss"), strategy: .finishThenCache, lost: 1),
        ]
        state.currentWorld = 1
        state.mode = .worlds
        return Screen.render(state, WorldViewFixture.view()).textRows
    }
}
