import Foundation
import ReadSide
import ScenarioLanguage

/// The narration of a played script (`storesim play`), above the timeline: the comment written
/// above the next step, then the step that `n` carries out.
enum NarrationView {
    /// The most comment lines shown; a longer comment ends in `…`.
    static let maxLines = 4

    /// The rows the narration takes: none outside `storesim play`.
    static func height(_ state: TUIState, _ model: WorldView) -> Int {
        guard let playback = state.playback else { return 0 }
        return lines(playback, state, model, width: state.columns).count + 1
    }

    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        guard let playback = state.playback, rect.height > 0 else { return }
        buffer.lines(lines(playback, state, model, width: rect.width),
                     in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1), style: .bold, color: .cyan)
        let step = playback.next.map { state.language(.narrationStep, playback.done + 1, playback.steps.count, $0.step.text) }
            ?? (state.currentWorld > 0 ? state.language(.lessonOver, playback.steps.count)
                : state.language(.narrationOver, playback.steps.count))
        buffer.put(step, x: rect.x, y: rect.y + rect.height - 1, style: .reverse, limit: rect.width)
    }

    /// The next step's comment, wrapped to the width, at most `maxLines` lines. A step that waits
    /// for quiet tells of the world once the messages in flight have arrived: until then its
    /// comment would run ahead of the screen, so the narration says what is still on its way.
    private static func lines(_ playback: ScriptPlayback, _ state: TUIState, _ model: WorldView, width: Int) -> [String] {
        let waiting = playback.next.map { $0.step.command.waitsForQuiet && model.messagesInFlight > 0 } ?? false
        let comment = waiting ? [state.language(.narrationInFlight, model.messagesInFlight)] : playback.next?.narration ?? []
        let all = comment.flatMap { wrap($0, width) }
        guard all.count > maxLines else { return all }
        let cut = fit(all[maxLines - 1], width - 1).trimmingCharacters(in: .whitespaces) + "…"
        return Array(all.prefix(maxLines - 1)) + [cut]
    }
}
