import ReadSide

/// The entry dialog of a URL setting, over the faults panel: the text typed so far in a field,
/// the cursor shown reversed (a text longer than the field scrolls to keep it in view, showing
/// as much of the text as fits), then
/// what an empty text does.
enum URLEntryView {
    static func draw(_ entry: URLEntry, _ state: TUIState, into buffer: inout CellBuffer, screen: Rect) {
        let language = state.language
        let note = language(entry.setting.emptyNote)
        let title = language(entry.setting.title)
        let width = min(screen.width - 2, max(48, DisplayWidth.of(title) + 6, DisplayWidth.of(note) + 4))
        let lines = wrap(note, width - 4)
        let inner = buffer.box(screen.centred(width: width, height: lines.count + 4), title: title, style: .bold)
        let field = inner.width
        // As much of the text as fits, the cursor always in view: the end while the cursor is
        // within a field of it, else the text from the cursor on.
        let first = max(0, min(entry.cursor, entry.text.count + 1 - field))
        let shown = entry.text[first..<min(entry.text.count, first + field)]
        var x = inner.x
        for (index, character) in zip(first..., shown) {
            x += buffer.put(String(character), x: x, y: inner.y, style: index == entry.cursor ? .reverse : .underline,
                            limit: inner.x + field - x)
        }
        if entry.cursor == entry.text.count, x < inner.x + field {
            x += buffer.put(" ", x: x, y: inner.y, style: .reverse)
        }
        if x < inner.x + field {
            buffer.put(String(repeating: " ", count: inner.x + field - x), x: x, y: inner.y, style: .underline)
        }
        buffer.lines(lines, in: Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: lines.count))
    }
}
