import IAPCore
import Lessons
import ReadSide
import ScenarioLanguage
import WorldCore

/// The interactive loop: draws a frame, reads a key (or ticks), runs the update, carries out
/// its effects against the world shown, and feeds the world's events back to the timeline.
/// Beside the world it opened on it can hold fresh worlds and lessons (`w`, `?`).
public final class TUIApp {
    /// The world shown, read through the read model it keeps for it.
    public private(set) var readModel: ReadModel

    /// The world shown.
    public var world: World { readModel.world }
    private let terminal: TerminalIO
    public private(set) var state: TUIState
    private let shelf: WorldShelf
    private var timeRunner = TimeRunner()
    /// The server beside the interface, when `storesim serve --tui` runs it.
    private let serving: ServedBeside?
    /// How long to wait for a key before the next message is delivered (outside step mode).
    public static let tickMillis: Int32 = 120
    /// How long to wait for a key while a server beside the interface may have requests waiting.
    public static let servingTickMillis: Int32 = 20

    /// `history` is the timeline from before this launch (the event log on disk); a `playback`
    /// plays its script in step mode, one step each `n`. The interface reads the world it opens on
    /// through `readModel`, which the caller may read too (the line before a real crash). With
    /// `serving`, the interface answers that server's requests between keys, whatever world it shows.
    public init(readModel: ReadModel, terminal: TerminalIO, locale: String, history: [Event], playback: ScriptPlayback? = nil,
                serving: ServedBeside? = nil) {
        self.readModel = readModel
        let world = readModel.world
        self.terminal = terminal
        self.serving = serving
        shelf = WorldShelf(readModel)
        let size = terminal.size
        state = TUIState(columns: size.columns, rows: size.rows, locale: locale)
        var realCrash = false
        if case .realKill(let beforeKill) = world.crashMode {
            realCrash = true
            world.crashMode = .realKill { [shelf] crash in
                shelf.removeAdded()
                beforeKill(crash)
            }
        }
        state.worlds = [WorldEntry(kind: .opened(path: world.directory.path, realCrash: realCrash), strategy: world.settings.strategy)]
        state.timeline = Array(history.filter(TUIUpdate.hasRow).suffix(TUIState.timelineLimit))
        if let playback {
            state.playback = playback
            state.stepMode = true
            state.status = state.language(.playing, playback.file.split(separator: "/").last.map(String.init) ?? playback.file)
        }
        if let serving {
            state.servedAt = serving.url
            state.status = state.language(.serving, serving.url)
        }
    }

    /// Launches the app (with launch recovery) and runs until the user quits. A crash ends the
    /// process inside the world, by SIGKILL, and never returns here. The frame is drawn only
    /// after a key, an effect or a new event: an idle screen costs nothing. The world is read
    /// again only after an effect, the clock running by itself or a request to the server beside
    /// the interface, the only ways the world changes here: a key that only moves the selection or opens a panel costs a frame, not a read of
    /// the world's history.
    public func run() throws(WorldError) {
        defer { shelf.removeAdded() }
        try world.launch()
        var model = try readModel.view()
        var changed = true
        while true {
            if shelf.hasEvents(at: state.currentWorld) || changed {
                feedEvents(model)
                terminal.draw(Screen.render(state, model))
            }
            let action = terminal.readInput(timeoutMillis: serving == nil ? Self.tickMillis : Self.servingTickMillis)
                .map(TUIAction.input) ?? .tick
            let (mode, status) = (state.mode, state.status)
            let effects = TUIUpdate.update(&state, action, model: model)
            changed = action != .tick || !effects.isEmpty || state.mode != mode || state.status != status
            for effect in effects {
                if try carryOut(effect) == .quit { return }
            }
            let timeRan = try letTimeRun(at: model.storeSwitches.timeRate)
            let served = serving?.turn() ?? .idle
            if served == .stop, try carryOut(.quit) == .quit { return }
            if case .changed(let notice) = served, let notice { state.status = notice }
            let servedChanged = served != .idle
            if !effects.isEmpty || timeRan || servedChanged {
                model = try readModel.view()
            }
            changed = timeRan || servedChanged || changed
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
            state.status = try PlayStep.carryOut(step, in: readModel, state.language)
        case .perform(let command):
            if let usage = Self.appStoreOnly(command, in: world.settings.store) {
                state.status = state.language(.appStoreCommandOnPlay, usage)
                return .goOn
            }
            do {
                try world.perform(command)
            } catch {
                switch error {
                case .refused(let refusal): state.status = state.language(.notDone, state.language.words(refusal))
                case .failed(let failure): throw failure
                }
            }
        case .openLesson(let number):
            try openLesson(number)
        case .freshWorld:
            try addWorld(.fresh(number: shelf.count + 1), catalog: world.catalog)
        case .switchWorld(let index):
            try show(index)
        case .quit:
            for index in 0..<shelf.count where shelf.world(at: index).appStatus.isRunning {
                try shelf.world(at: index).quit()
            }
            return .quit
        }
        return .goOn
    }

    private func feedEvents(_ model: WorldView) {
        for event in shelf.takeEvents(at: state.currentWorld) {
            _ = TUIUpdate.update(&state, .worldEvent(event), model: model)
        }
    }

    /// Opens lesson `number` in a fresh world of the lesson's store on the built-in catalog (the
    /// lessons' products) and plays it there in step mode, as `storesim play` does.
    private func openLesson(_ number: Int) throws(WorldError) {
        guard let lesson = Lesson.all.first(where: { $0.number == number }) else { return }
        guard try addWorld(.lesson(number: number, title: lesson.title), catalog: BuiltInCatalog.catalog(), store: lesson.store) else { return }
        do {
            let steps = try ScenarioParser(catalog: world.catalog, store: lesson.store).parseNarrated(lesson.script, file: lesson.file)
            state.playback = ScriptPlayback(file: lesson.file, steps: steps)
            state.stepMode = true
            state.status = state.language(.playing, lesson.file)
        } catch {
            state.status = state.language(.notDone, "\(lesson.file): \(error)")
        }
    }

    /// Adds a fresh world on `catalog` and shows it, launched; false (the status line says why)
    /// when its data directory cannot be made.
    @discardableResult
    private func addWorld(_ kind: WorldEntry.Kind, catalog: Catalog, store: StoreKind = .appStore) throws(WorldError) -> Bool {
        let added: World
        do {
            added = try shelf.addFresh(catalog: catalog, store: store)
        } catch {
            state.status = state.language(.worldNotOpened, error.description)
            return false
        }
        state.worlds.append(WorldEntry(kind: kind, strategy: added.settings.strategy))
        try show(shelf.count - 1)
        if case .fresh(let number) = kind {
            state.status = state.language(.freshWorldOpened, number)
        }
        return true
    }

    /// Shows the world at `index`: the one shown now keeps its interface state and what the
    /// panel tells of it; the other comes back as it was left, or launched when it never ran.
    private func show(_ index: Int) throws(WorldError) {
        let leaving = try readModel.view()
        feedEvents(leaving)
        state.worlds[state.currentWorld].strategy = leaving.settings.strategy
        state.worlds[state.currentWorld].lost = leaving.losses.count
        shelf.keep(state, at: state.currentWorld)
        readModel = shelf.readModel(at: index)
        var next = shelf.state(at: index) ?? TUIState(columns: state.columns, rows: state.rows, locale: state.locale)
        next.columns = state.columns
        next.rows = state.rows
        next.worlds = state.worlds
        next.currentWorld = index
        next.servedAt = state.servedAt
        next.status = state.language(.worldShown, WorldsView.headerName(next) ?? "")
        state = next
        if world.appStatus == .notLaunched {
            try world.launch()
        }
    }
}
