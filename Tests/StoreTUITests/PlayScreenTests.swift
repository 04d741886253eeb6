import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// `storesim play`: the narration above the next step, `n` carrying out the script, and the
/// timeline's legend in the help.
@Suite struct PlayScreenTests {
    static let lesson = """
        # Lesson: the RN seed's window.

        # The app takes the RN seed's way.
        strategy finish-then-cache
        # Arm a crash after "finished".
        crash at finished
        # Buy 100 coins.
        buy com.storesim.coins.100
        # The app died; nothing was credited.
        expect credited com.storesim.coins.100 0
        # Relaunch.
        launch
        # Money taken, nothing to show for it.
        expect lost 1
        """

    @Test func theNarrationIsShownAboveTheStepItTells() throws {
        let screen = try #require(try TUIWorld().play(Self.lesson, .settle + [.capture]).first)
        try expectFrame(screen, "play-lesson-step-1-en-80x24")
    }

    @Test func nCarriesOutTheStepAndShowsTheNextNarration() throws {
        let screen = try #require(try TUIWorld().play(Self.lesson, .settle + [.key(.character("n")), .capture]).first)
        try expectFrame(screen, "play-lesson-step-2-en-80x24")
    }

    @Test func theNarrationWaitsForTheMessagesItTellsOf() throws {
        let next: ScriptedTerminal.Step = .key(.character("n"))
        let frames = try TUIWorld().play(Self.lesson, .settle + [next, next, next, .capture, next, .capture])
        try expectFrame(frames[0], "play-lesson-messages-in-flight-en-80x24")
        try expectFrame(try #require(frames.last), "play-lesson-messages-arrived-en-80x24")
    }

    @Test func playingEveryStepCarriesOutTheScriptAndChecksItsExpects() throws {
        let next: ScriptedTerminal.Step = .key(.character("n"))
        // The fourth n delivers what the purchase sent; the fifth checks the expect.
        var steps: [ScriptedTerminal.Step] = .settle + [next, next, next, next, next, .capture, next] + .settle + [.capture]
        steps += [.key(.enter), next, .capture]
        let frames = try TUIWorld().play(Self.lesson, steps)
        #expect(frames.count == 3)
        try expectFrame(frames[0], "play-lesson-crashed-at-finished-en-80x24")
        try expectFrame(frames[1], "play-lesson-loss-report-en-80x24")
        try expectFrame(frames[2], "play-lesson-over-en-80x24")
    }

    @Test func anExpectThatDoesNotHoldSaysWhatItFound() throws {
        let script = "# Nothing bought yet.\nexpect lost 1\n"
        // The first n delivers what the launch sent; the second checks the expect.
        let screen = try #require(try TUIWorld().play(script, .settle + [.key(.character("n")), .key(.character("n")), .capture]).first)
        try expectFrame(screen, "play-expect-failed-en-80x24")
    }

    @Test func helpExplainsTheTimelinesSymbols() throws {
        let screen = try #require(try TUIWorld().session(.settle + [.key(.character("?")), .capture]).first)
        try expectFrame(screen, "help-en-80x24")
    }
}

extension TUIWorld {
    /// Runs one session of `storesim play` with the script's text and returns the captured frames.
    func play(_ text: String, _ script: [ScriptedTerminal.Step]) throws -> [[String]] {
        let world = try folder.world(catalog: catalog, seed: 3)
        let steps = try ScenarioParser(catalog: catalog).parseNarrated(text, file: "lesson.scenario")
        let terminal = ScriptedTerminal(columns: 80, rows: 24, script: script)
        try TUIApp(readModel: ReadModel(world), terminal: terminal, locale: "en_US", history: [],
                   playback: ScriptPlayback(file: "lesson.scenario", steps: steps)).run()
        return terminal.captured.map(\.textRows)
    }
}
