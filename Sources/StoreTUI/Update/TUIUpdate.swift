import IAPCore
import ReadSide
import WorldCore

/// The interface's update function: a pure step from state and action to new state and effects.
public enum TUIUpdate {
    public static func update(_ state: inout TUIState, _ action: TUIAction, model: WorldView) -> [TUIEffect] {
        switch action {
        case .tick:
            reportLosses(&state, model)
            endRestore(&state, model)
            return state.stepMode || model.messagesInFlight == 0 ? [] : [.deliverNext]
        case .worldEvent(let event):
            guard hasRow(event) else { return [] }
            state.timeline.append(event)
            if state.timeline.count > TUIState.timelineLimit {
                state.timeline.removeFirst(state.timeline.count - TUIState.timelineLimit)
            }
            if state.timelineOffset > 0 {
                state.timelineOffset += 1
                state.arrivedWhileScrolled += 1
            }
            if event.kind == .crash, state.playback == nil, !state.shownWorldCrashIsReal {
                state.status = state.language(.crashedInProcess)
            }
            if event.kind == .report {
                openReport(&state, title: state.language(.recoveryReport), lines: recoveryLines(event, state, model))
            }
            return []
        case .input(.resize(let columns, let rows)):
            state.columns = columns
            state.rows = rows
            return []
        case .input(.paste(let text)):
            // Only a URL entry takes text; elsewhere a paste is not a string of keys.
            guard case .urlEntry(var entry) = state.mode else { return [] }
            for character in text where !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                entry.insert(character)
            }
            state.mode = .urlEntry(entry)
            return []
        case .input(.key(let key)):
            if key == .interrupt { return [.quit] }
            // The "terminal too small" screen hides what a key would act on: only q acts.
            if state.isTooSmall { return key == .character("q") ? [.quit] : [] }
            // The status line tells of the last key's outcome only; a restore still running says so.
            state.status = state.restoreSince == nil ? "" : state.language(.restoring)
            return press(key, &state, model)
        }
    }

    /// Once a launch has settled, shows the losses not reported before: beside the recovery
    /// report when one is up, else as a loss report of its own.
    private static func reportLosses(_ state: inout TUIState, _ model: WorldView) {
        guard state.lossReportDue, model.appStatus.isRunning, model.messagesInFlight == 0, !model.recovering else { return }
        state.lossReportDue = false
        let fresh = model.losses.filter { !state.reportedLosses.contains($0.transactionId) }
        guard !fresh.isEmpty else { return }
        state.reportedLosses.formUnion(fresh.map(\.transactionId))
        let lines = state.language.lossReport(fresh, catalog: model.catalog, locale: state.locale)
        if case .report(_, let recovered) = state.mode {
            openReport(&state, title: state.language(.recoveryAndLossReport), lines: recovered + [""] + lines)
        } else {
            openReport(&state, title: state.language(.lossReport), lines: lines)
        }
    }

    /// Opens a report the world's events called for. What the status line said belonged to the
    /// screen the report now covers (the welcome's hint of its keys): the report's own footer
    /// says how to dismiss it.
    private static func openReport(_ state: inout TUIState, title: String, lines: [String]) {
        state.mode = .report(title: title, lines: lines)
        state.status = ""
    }

    /// The recovery report of the launch that just recorded `event`, in the interface's
    /// language with the products' localized titles; the event's own lines when the view does
    /// not hold the report.
    private static func recoveryLines(_ event: Event, _ state: TUIState, _ model: WorldView) -> [String] {
        let report = model.recoveryReport.map { Happening.recovery(RecoveryReportText.told($0, catalog: model.catalog, locale: state.locale)) }
        return state.language.words(report ?? event.what, on: model.settings.store).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Once no message is in flight, a running restore has ended: the status line says how,
    /// as the Store answered; without an answer (the restore was refused) it is left alone.
    private static func endRestore(_ state: inout TUIState, _ model: WorldView) {
        guard let since = state.restoreSince, model.messagesInFlight == 0 else { return }
        state.restoreSince = nil
        let answer = state.timeline.last { $0.seq > since && endsRestore($0.what) }
        guard let answer else {
            if state.status == state.language(.restoring) { state.status = state.language(.restoreNoAnswer) }
            return
        }
        state.status = state.language.statusSentence(answer.what)
    }

    /// Whether an event is the Store's answer to a restore: its sending, or its drop.
    private static func endsRestore(_ what: Happening) -> Bool {
        switch what {
        case .message(.restoreFinished), .message(.restoreFailed), .notDelivered(.restoreFinished, _), .notDelivered(.restoreFailed, _):
            true
        default:
            false
        }
    }

    /// Whether an event gets a timeline row: a delivery has none, it only ends its message's
    /// time in flight.
    public static func hasRow(_ event: Event) -> Bool {
        event.kind != .delivered
    }

    /// What a key does in the mode in front, as its binding in `KeyMap` declares.
    private static func press(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        KeyMap.current(state, model).press(key, &state, model)
    }
}
