import Foundation

extension CellBuffer {
    /// Draws a framed, cleared box with a title and returns the area inside the frame.
    @discardableResult
    mutating func box(_ rect: Rect, title: String, style: CellStyle = []) -> Rect {
        fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let inner = rect.width - 2
        put("┌" + String(repeating: "─", count: inner) + "┐", x: rect.x, y: rect.y, style: style)
        for row in (rect.y + 1)..<(rect.y + rect.height - 1) {
            put("│", x: rect.x, y: row, style: style)
            put("│", x: rect.x + rect.width - 1, y: row, style: style)
        }
        put("└" + String(repeating: "─", count: inner) + "┘", x: rect.x, y: rect.y + rect.height - 1, style: style)
        put(" \(title) ", x: rect.x + 2, y: rect.y, style: style.union(.bold), limit: inner - 2)
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// Writes lines into a rectangle, one per row, clipped to it.
    mutating func lines(_ lines: [String], in rect: Rect, style: CellStyle = [], color: CellColor = .none) {
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            put(line, x: rect.x, y: rect.y + offset, style: style, color: color, limit: rect.width)
        }
    }
}

/// Pads text to a display width, or cuts it there with `…` as its last column.
func fit(_ text: String, _ width: Int) -> String {
    guard width > 0 else { return "" }
    let textWidth = DisplayWidth.of(text)
    guard textWidth > width else {
        return textWidth == width ? text : text + String(repeating: " ", count: width - textWidth)
    }
    var result = ""
    var used = 0
    for character in text {
        let next = DisplayWidth.of(character)
        if used + next > width - 1 { break }
        result.append(character)
        used += next
    }
    return result + "…" + String(repeating: " ", count: width - 1 - used)
}

/// The text as it is when it fits in `width`, else cut there with `…` as its last column.
func clipped(_ text: String, _ width: Int) -> String {
    DisplayWidth.of(text) > width ? fit(text, width) : text
}

/// Breaks text into lines of at most `width` display columns, at spaces where it can, keeping
/// runs of spaces that align columns; Chinese, which has no spaces, breaks between its wide
/// characters (never before a closing mark such as `，` or `）`). The continuation lines are
/// indented two columns more than the first; a word too long for a line of its own is left
/// whole.
func wrap(_ text: String, _ width: Int) -> [String] {
    guard width > 0, DisplayWidth.of(text) > width else { return [text] }
    let indent = String(text.prefix { $0 == " " })
    var lines: [String] = []
    var line = indent
    var fresh = true
    for word in text.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
        var rest = word
        while !(fresh && rest.isEmpty) {
            let joiner = fresh ? "" : " "
            let room = width - DisplayWidth.of(line + joiner)
            if DisplayWidth.of(rest) <= room {
                line += joiner + rest
                fresh = false
                break
            }
            if let (head, tail) = breakWide(rest, room: room) {
                line += joiner + head
                rest = tail
            } else if fresh {
                line += rest
                fresh = false
                break
            }
            lines.append(line)
            line = indent + "  "
            fresh = true
        }
    }
    lines.append(line)
    return lines
}

/// The longest start of `word` that fits in `room` columns and ends where a line may break
/// (beside a wide character, not before a closing mark nor after an opening one), and the rest.
private func breakWide(_ word: String, room: Int) -> (String, String)? {
    var best: String.Index?
    var used = 0
    var index = word.startIndex
    while index < word.endIndex {
        used += DisplayWidth.of(word[index])
        guard used <= room else { break }
        let next = word.index(after: index)
        if next < word.endIndex, isWide(word[index]) || isWide(word[next]),
           !closingMarks.contains(word[next]), !openingMarks.contains(word[index]) {
            best = next
        }
        index = next
    }
    return best.map { (String(word[..<$0]), String(word[$0...])) }
}

private func isWide(_ character: Character) -> Bool {
    DisplayWidth.of(character) == 2
}

/// Marks a line never starts with, and marks it never ends with.
private let closingMarks: Set<Character> = ["，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "…", ",", ".", ";", ":", ")", "!", "?"]
private let openingMarks: Set<Character> = ["（", "「", "『", "《", "("]

/// Lays items out two to a row, each in a column of `width`; an item as wide as the column or
/// wider takes a row of its own.
func columns(_ items: [String], width: Int) -> [String] {
    var rows: [String] = []
    var left: String?
    for item in items {
        if DisplayWidth.of(item) >= width {
            rows += [left, item].compactMap { $0 }
            left = nil
        } else if let pending = left {
            rows.append(fit(pending, width) + item)
            left = nil
        } else {
            left = item
        }
    }
    return rows + [left].compactMap { $0 }
}
