import IAPCore
import Simulator

/// The interactive loop: draws a frame, reads a key (or ticks), runs the update, carries out
/// its effects against the world, and feeds the world's events back to the timeline.
public final class TUIApp {
    public let world: World
    private let terminal: TerminalIO
    public private(set) var state: TUIState
    private var pendingEvents: [Event] = []
    private var timeRunner = TimeRunner()
    /// How long to wait for a key before the next message is delivered (outside step mode).
    public static let tickMillis: Int32 = 120

    /// `history` is the timeline from before this launch (the event log on disk); a `playback`
    /// plays its script in step mode, one step each `n`.
    public init(world: World, terminal: TerminalIO, locale: String, history: [Event], playback: ScriptPlayback? = nil) {
        self.world = world
        self.terminal = terminal
        let size = terminal.size
        state = TUIState(columns: size.columns, rows: size.rows, locale: locale)
        state.timeline = Array(history.filter(TUIUpdate.hasRow).suffix(TUIState.timelineLimit))
        if let playback {
            state.playback = playback
            state.stepMode = true
            state.status = state.language(.playing, playback.file)
        }
        world.onEvent = { [unowned self] event in pendingEvents.append(event) }
    }

    /// Launches the app (with launch recovery) and runs until the user quits. A crash ends the
    /// process inside the world, by SIGKILL, and never returns here. The frame is drawn only
    /// after a key, an effect or a new event: an idle screen costs nothing. The world is read
    /// again only after an effect or the clock running by itself, the only ways the world changes
    /// here: a key that only moves the selection or opens a panel costs a frame, not a read of
    /// the world's history.
    public func run() throws(WorldError) {
        try world.launch()
        var model = try world.view()
        var changed = true
        while true {
            if !pendingEvents.isEmpty || changed {
                feedEvents(model)
                terminal.draw(Screen.render(state, model))
            }
            let action = terminal.readInput(timeoutMillis: Self.tickMillis).map(TUIAction.input) ?? .tick
            let (mode, status) = (state.mode, state.status)
            let effects = TUIUpdate.update(&state, action, model: model)
            changed = action != .tick || !effects.isEmpty || state.mode != mode || state.status != status
            for effect in effects {
                if try carryOut(effect) == .quit { return }
            }
            let timeRan = try letTimeRun(at: model.storeSwitches.timeRate)
            if !effects.isEmpty || timeRan {
                model = try world.view()
            }
            changed = timeRan || changed
        }
    }

    /// Moves the clock by itself at the Store's time rate, except in step mode, where only keys
    /// move the world; true when it moved.
    private func letTimeRun(at rate: TimeRate) throws(WorldError) -> Bool {
        guard !state.stepMode else {
            timeRunner.pause()
            return false
        }
        switch timeRunner.step(rate: rate, realMillis: terminal.elapsedMillis) {
        case .by(let millis): try world.letTimePass(byMillis: millis)
        case .toNextRenewal: try world.letTimePassToNextRenewal()
        case nil: return false
        }
        return true
    }

    private enum Next { case goOn, quit }

    private func carryOut(_ effect: TUIEffect) throws(WorldError) -> Next {
        switch effect {
        case .deliverNext:
            try world.deliverNext()
        case .deliverAll:
            try world.settle()
        case .playStep(let step):
            state.status = try PlayStep.carryOut(step, in: world, state.language)
        case .perform(let command):
            do {
                try world.perform(command)
            } catch {
                switch error {
                case .refused(let problem): state.status = state.language(.notDone, state.language.core(problem))
                case .failed(let failure): throw failure
                }
            }
        case .quit:
            if world.appStatus.isRunning {
                try world.quit()
            }
            return .quit
        }
        return .goOn
    }

    private func feedEvents(_ model: WorldView) {
        while !pendingEvents.isEmpty {
            _ = TUIUpdate.update(&state, .worldEvent(pendingEvents.removeFirst()), model: model)
        }
    }
}
