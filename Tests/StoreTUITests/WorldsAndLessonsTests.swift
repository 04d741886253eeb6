import Foundation
import Simulator
import StoreTUI
import Testing

/// A demo from the screen alone: `?` lists the lessons and a digit opens one in a fresh world;
/// `w` lists the worlds and `n` adds a fresh one, where a crash stays in the process and `o`
/// launches the app again — so a loss and a recovery can be shown side by side.
@Suite struct WorldsAndLessonsTests {
    @Test func helpListsTheLessonsAndADigitPlaysOneInAFreshWorldLeavingTheOpenedWorldAlone() throws {
        let world = try TUIWorld()
        let steps: [ScriptedTerminal.Step] = Array(repeating: [.key(.character("n")), .tick, .tick], count: 7).flatMap { $0 }
        let frames = try world.session(.settle + [.key(.character("?")), .capture, .key(.character("1")), .capture]
                                       + steps + .settle + [.capture, .key(.enter), .key(.character("n")), .tick, .capture])
        let help = try #require(frames.first).joined(separator: "\n")
        #expect(help.contains("lessons, each in a fresh world: 1 the caching module's window, a loss  2"), "\(help)")
        #expect(try #require(frames.first)[23].hasPrefix(" 1–3 open a lesson  any key: back"))
        let opened = frames[1]
        #expect(opened[2].hasPrefix(" lesson 1 "), "\(opened[2])")
        #expect(opened.joined(separator: "\n").contains("Lesson 1: the caching module's window, a loss."))
        #expect(opened.contains { $0.hasPrefix("n ▸ step 1 of 6: strategy finish-then-cache") })
        #expect(opened[22].hasPrefix("Playing 1-seed-one-window.scenario: n carries out the next step"), "\(opened[22])")
        let played = frames[2].joined(separator: "\n")
        #expect(played.contains("Loss report"), "\(played)")
        let over = try #require(frames.last).joined(separator: "\n")
        #expect(over.contains("Lesson over (6 steps). w then 1: back to your world. q: quit StoreSim."), "\(over)")
        #expect(played.contains("lost 1 · recoverable 0 · double-credited 0"))
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
        #expect(frames.count == 5)
        let fresh = frames[0]
        #expect(fresh[2].hasPrefix(" world 2 "), "\(fresh[2])")
        #expect(fresh[22].hasPrefix("Fresh world 2: the same catalog, nothing bought"), "\(fresh[22])")
        #expect(fresh[4].hasPrefix("▶ 100 Coins"), "a fresh world starts with its own selection: \(fresh[4])")
        let crashed = frames[1]
        #expect(crashed[0].contains("App: crashed"), "the crash stayed in this process: \(crashed[0])")
        #expect(crashed[22].hasPrefix("The app died. o launches it again"), "\(crashed[22])")
        #expect(crashed[23].hasPrefix(" o launch  ↑↓ select"), "the key leads the footer while the app waits: \(crashed[23])")
        #expect(!frames[4][23].contains("o launch"), "and leaves it once the app runs: \(frames[4][23])")
        #expect(frames[2].joined(separator: "\n").contains("Loss report"))
        let panel = frames[3].joined(separator: "\n")
        #expect(panel.contains("─ Worlds ─"))
        #expect(panel.contains("│ 1   verify-then-finish  nothing lost  your world"), "\(panel)")
        #expect(panel.contains("│ 2 ▶ finish-then-cache   1 lost        fresh world 2"), "\(panel)")
        #expect(panel.contains("Fresh worlds and lessons: a crash stays in this process; o launches the"))
        let back = frames[4]
        #expect(back[2].hasPrefix(" world 1 "), "\(back[2])")
        #expect(back[0].contains("strategy: verify-then-finish"))
        #expect(!back[2].contains("lost 1"), "the first world lost nothing: \(back[2])")
        #expect(back[6].hasPrefix("▶ StoreSim Pro"), "the first world comes back as it was left: \(back[6])")
        #expect(back[22].hasPrefix("Showing world 1."), "\(back[22])")
    }

    @Test func theWorldsPanelIsChineseAndRefusesATenthWorld() throws {
        let addEight = Array(repeating: [ScriptedTerminal.Step.key(.character("w")), .key(.character("n"))], count: 9).flatMap { $0 }
        let frames = try TUIWorld().session(.settle + addEight + [.capture, .key(.character("w")), .capture], locale: "zh_CN")
        let refused = try #require(frames.first)
        #expect(refused[22].hasPrefix("已打开 9 个世界"), "\(refused[22])")
        let panel = try #require(frames.last).joined(separator: "\n")
        #expect(panel.contains("─ 世界 ─"))
        #expect(panel.contains("│ 1   verify-then-finish  无丢失        你的世界"), "\(panel)")
        #expect(panel.contains("9 ▶ verify-then-finish  无丢失"), "\(panel)")
        let footer = try #require(frames.last)[23]
        #expect(footer.hasPrefix(" 1–9 显示  n 新世界  Esc 关闭"), "\(footer)")
    }

    @Test func oLaunchesOnlyAnAppThatIsNotRunning() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("o")), .capture])
        #expect(try #require(frames.first)[22].hasPrefix("The app is already running."))
    }
}
