import IAPCore
import Simulator
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
        let narration = try #require(screen.firstIndex { $0.hasPrefix("Lesson: the RN seed's window.") })
        #expect(screen[narration + 1].hasPrefix("The app takes the RN seed's way."))
        #expect(screen[narration + 2].hasPrefix("n ▸ step 1 of 6: strategy finish-then-cache"))
        #expect(screen[narration + 3].hasPrefix("Timeline"), "the narration sits above the timeline")
        #expect(screen[23].hasPrefix(" n next step  Space next  s step off"), "play opens in step mode with n first")
    }

    @Test func nCarriesOutTheStepAndShowsTheNextNarration() throws {
        let screen = try #require(try TUIWorld().play(Self.lesson, .settle + [.key(.character("n")), .capture]).first)
        #expect(screen[0].contains("strategy: finish-then-cache"))
        #expect(screen.contains { $0.hasPrefix("Arm a crash after \"finished\".") })
        #expect(screen.contains { $0.hasPrefix("n ▸ step 2 of 6: crash at finished") })
        #expect(!screen.contains { $0.contains("The app takes the RN seed's way.") })
        #expect(screen[22].hasPrefix("Done: strategy finish-then-cache"))
    }

    @Test func theNarrationWaitsForTheMessagesItTellsOf() throws {
        let next: ScriptedTerminal.Step = .key(.character("n"))
        let frames = try TUIWorld().play(Self.lesson, .settle + [next, next, next, .capture, next, .capture])
        let inFlight = try #require(frames.first)
        #expect(inFlight[0].contains("App: running"))
        #expect(!inFlight.contains { $0.hasPrefix("The app died; nothing was credited.") }, "not while the app runs")
        #expect(inFlight.contains { $0.contains("still on their way") }, "\(inFlight.joined(separator: "\n"))")
        let arrived = try #require(frames.last)
        #expect(arrived[0].contains("App: crashed"))
        #expect(arrived.contains { $0.hasPrefix("The app died; nothing was credited.") })
        #expect(arrived.contains { $0.hasPrefix("n ▸ step 4 of 6: expect credited") }, "n delivered them, not the step")
    }

    @Test func playingEveryStepCarriesOutTheScriptAndChecksItsExpects() throws {
        let next: ScriptedTerminal.Step = .key(.character("n"))
        // The fourth n delivers what the purchase sent; the fifth checks the expect.
        var steps: [ScriptedTerminal.Step] = .settle + [next, next, next, next, next, .capture, next] + .settle + [.capture]
        steps += [.key(.enter), next, .capture]
        let frames = try TUIWorld().play(Self.lesson, steps)
        #expect(frames.count == 3)
        let crashed = try #require(frames.first)
        #expect(crashed[0].contains("App: crashed"), "the crash ran in this process and the play goes on")
        #expect(crashed.contains { $0.contains("✗ the app crashed at finished") })
        #expect(crashed[22].hasPrefix("✓ expect credited com.storesim.coins.100 0"))
        #expect(frames[1].joined(separator: "\n").contains("─ Loss report ─"), "the relaunch step reports the loss")
        let end = try #require(frames.last)
        #expect(end[22].hasPrefix("✓ expect lost 1"))
        #expect(end.contains { $0.hasPrefix("The script is over: all 6 steps carried out.") })
    }

    @Test func anExpectThatDoesNotHoldSaysWhatItFound() throws {
        let script = "# Nothing bought yet.\nexpect lost 1\n"
        // The first n delivers what the launch sent; the second checks the expect.
        let screen = try #require(try TUIWorld().play(script, .settle + [.key(.character("n")), .key(.character("n")), .capture]).first)
        #expect(screen[22].hasPrefix("✗ expect lost 1: expected 1, found 0"))
    }

    @Test func helpExplainsTheTimelinesSymbols() throws {
        let screen = try #require(try TUIWorld().session(.settle + [.key(.character("?")), .capture]).first)
        let text = screen.joined(separator: "\n")
        #expect(text.contains("●──▶ delivered"))
        #expect(text.contains("●┄┄▷ in flight"))
        #expect(text.contains("●──✗ never arrived"))
        #expect(text.contains("next ▸ the next Space delivers it"))
        #expect(text.contains("▸ your command"))
        #expect(text.contains("✗ crash"))
        #expect(text.contains("★ report"))
    }
}

extension TUIWorld {
    /// Runs one session of `storesim play` with the script's text and returns the captured frames.
    func play(_ text: String, _ script: [ScriptedTerminal.Step]) throws -> [[String]] {
        let world = try folder.world(catalog: catalog, seed: 3)
        let steps = try ScenarioParser(catalog: catalog).parseNarrated(text, file: "lesson.scenario")
        let terminal = ScriptedTerminal(columns: 80, rows: 24, script: script)
        try TUIApp(world: world, terminal: terminal, locale: "en_US", history: [],
                   playback: ScriptPlayback(file: "lesson.scenario", steps: steps)).run()
        return terminal.captured.map(\.textRows)
    }
}
