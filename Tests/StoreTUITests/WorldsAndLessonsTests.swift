import Foundation
import StoreTUI
import Testing
import WorldCore

/// A demo from the screen alone: `?` lists the lessons and a digit opens one in a fresh world;
/// `w` lists the worlds and `n` adds a fresh one, where a crash stays in the process and `o`
/// launches the app again — so a loss and a recovery can be shown side by side.
@Suite struct WorldsAndLessonsTests {
    @Test func helpListsTheLessonsAndADigitPlaysOneInAFreshWorldLeavingTheOpenedWorldAlone() throws {
        let world = try TUIWorld()
        let steps: [ScriptedTerminal.Step] = Array(repeating: [.key(.character("n")), .tick, .tick], count: 7).flatMap { $0 }
        let frames = try world.session(.settle + [.key(.character("?")), .capture, .key(.character("1")), .capture]
                                       + steps + .settle + [.capture, .key(.enter), .key(.character("n")), .tick, .capture])
        try expectFrame(frames[0], "help-en-80x24")
        try expectFrame(frames[1], "lesson-1-opened-en-80x24")
        try expectFrame(frames[2], "lesson-1-loss-report-en-80x24")
        try expectFrame(try #require(frames.last), "lesson-1-over-en-80x24")
        // The lesson bought and lost in its own world: the world the interface opened on never
        // changed its strategy, bought nothing and lost nothing.
        let events = try EventLog.readAll(path: world.folder.world(catalog: world.catalog, seed: 3).directory.events)
        #expect(!events.contains { $0.text.contains("finish-then-cache") || $0.text.contains("purchased") })
    }

    @Test func aFreshWorldBesideLosesWhileTheFirstIsKeptAndThePanelComparesThem() throws {
        let buyAndLoseAtFinished: [ScriptedTerminal.Step] = [
            .key(.character("m")), .key(.character("3")), .tick, .tick,
            .key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter),
        ]
        let frames = try TUIWorld().session(
            .settle + [.key(.down), .key(.down), .key(.character("w")), .key(.character("n"))] + .settle + [.capture]
            + buyAndLoseAtFinished + .settle + [.capture, .key(.character("o"))] + .settle + [.capture, .key(.enter),
            .key(.character("w")), .capture, .key(.character("1")), .tick, .capture])
        try expectFrame(frames[0], "fresh-world-2-en-80x24")
        try expectFrame(frames[1], "fresh-world-2-crashed-at-finished-en-80x24")
        try expectFrame(frames[2], "fresh-world-2-loss-report-en-80x24")
        try expectFrame(Self.masked(frames[3]), "worlds-panel-one-lost-en-80x24")
        try expectFrame(frames[4], "world-1-as-it-was-left-en-80x24")
        #expect(frames.count == 5)
    }

    @Test func theWorldsPanelIsChineseAndRefusesATenthWorld() throws {
        let addEight = Array(repeating: [ScriptedTerminal.Step.key(.character("w")), .key(.character("n"))], count: 9).flatMap { $0 }
        let frames = try TUIWorld().session(.settle + addEight + [.capture, .key(.character("w")), .capture], locale: "zh_CN")
        try expectFrame(try #require(frames.first), "nine-worlds-a-tenth-refused-zh-Hans-80x24")
        try expectFrame(Self.masked(try #require(frames.last)), "worlds-panel-nine-zh-Hans-80x24")
    }

    @Test func oLaunchesOnlyAnAppThatIsNotRunning() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("o")), .capture])
        try expectFrame(try #require(frames.first), "app-already-running-en-80x24")
    }

    /// The rows with the test's temporary folder, named at random, given a fixed name of the same width.
    static func masked(_ rows: [String]) -> [String] {
        rows.map { $0.replacingOccurrences(of: "storesim-test-[0-9A-F-]{36}", with: "storesim-test-" + String(repeating: "X", count: 36),
                                           options: .regularExpression) }
    }
}
