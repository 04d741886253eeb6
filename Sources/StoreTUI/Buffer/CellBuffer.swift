/// A screen's worth of cells that the interface renders into and tests read as text rows.
public struct CellBuffer: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    public subscript(x x: Int, y y: Int) -> Cell {
        cells[y * columns + x]
    }

    /// Writes `text` at (x, y), advancing by display width and clipping at `limit` columns
    /// (default: the right edge); returns the columns used. A wide character that does not fit
    /// is replaced by a space; a bidirectional control is written escaped.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = [], color: CellColor = .none,
                             limit: Int? = nil) -> Int {
        guard y >= 0, y < rows, x >= 0, x < columns else { return 0 }
        let end = min(columns, x + (limit ?? columns))
        // Printable ASCII goes a byte a cell; from the last such byte before anything else (which
        // may combine with it) the text goes a character at a time.
        let bytes = text.utf8
        let other = bytes.firstIndex { $0 < 0x20 || $0 >= 0x7F } ?? bytes.endIndex
        let ascii = other == bytes.endIndex || other == bytes.startIndex ? other : bytes.index(before: other)
        var column = x + putASCII(bytes[..<ascii], x: x, y: y, end: end, style: style, color: color)
        guard ascii != bytes.endIndex, column < end else { return column - x }
        for character in text[ascii...] {
            guard let escape = DisplayWidth.escaped(character) else {
                guard place(character, &column, y: y, end: end, style: style, color: color) else { break }
                continue
            }
            guard escape.allSatisfy({ place($0, &column, y: y, end: end, style: style, color: color) }) else { break }
        }
        return column - x
    }

    /// Writes printable ASCII one byte a cell, up to `end`: the common case, without the
    /// per-character width lookups. Only the run's two ends can split a wide character, so only
    /// they are checked; the cells between are stored directly.
    private mutating func putASCII(_ bytes: Substring.UTF8View, x: Int, y: Int, end: Int, style: CellStyle,
                                   color: CellColor) -> Int {
        let count = min(bytes.count, end - x)
        guard count > 0 else { return 0 }
        let first = y * columns + x
        let last = first + count - 1
        if x > 0 && cells[first].text.isEmpty {
            cells[first - 1] = Cell(text: " ", style: cells[first - 1].style, color: cells[first - 1].color)
        }
        if x + count < columns && Self.isWide(cells[last]) {
            cells[last + 1] = .blank
        }
        cells.withUnsafeMutableBufferPointer { cells in
            var index = first
            for byte in bytes.prefix(count) {
                cells[index] = Cell(text: Self.asciiTexts[Int(byte)], style: style, color: color)
                index += 1
            }
        }
        return count
    }

    /// Each ASCII byte's one-character text, made once.
    private static let asciiTexts: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Whether the cell holds the left half of a double-width character.
    private static func isWide(_ cell: Cell) -> Bool {
        !cell.text.isEmpty && !DisplayWidth.isPrintableASCII(cell.text) && DisplayWidth.of(cell.text) == 2
    }

    /// Writes one character at `column` and moves past it; false when it does not fit before `end`.
    private mutating func place(_ character: Character, _ column: inout Int, y: Int, end: Int, style: CellStyle,
                                color: CellColor) -> Bool {
        let width = DisplayWidth.of(character)
        if width == 0 { return true }
        if column + width > end {
            if column < end { set(column, y, Cell(text: " ", style: style, color: color)); column += 1 }
            return false
        }
        set(column, y, Cell(text: String(character), style: style, color: color))
        if width == 2 { set(column + 1, y, Cell(text: "", style: style, color: color)) }
        column += width
        return true
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell = .blank) {
        for row in max(y, 0)..<min(y + height, rows) {
            for column in max(x, 0)..<min(x + width, columns) {
                set(column, row, cell)
            }
        }
    }

    /// Adds a style to every cell of a row span (for a highlighted line).
    public mutating func addStyle(_ style: CellStyle, x: Int, y: Int, width: Int) {
        guard y >= 0, y < rows else { return }
        for column in max(x, 0)..<min(x + width, columns) {
            cells[y * columns + column].style.formUnion(style)
        }
    }

    /// A row as plain text, wide characters once, trailing spaces kept.
    public func text(row y: Int) -> String {
        (0..<columns).map { self[x: $0, y: y].text }.joined()
    }

    /// Every row as plain text.
    public var textRows: [String] {
        (0..<rows).map { text(row: $0) }
    }

    /// The runs of cells that differ from `previous` (everything when the size changed).
    public func changes(since previous: CellBuffer?) -> [CellRun] {
        var runs: [CellRun] = []
        let sameSize = previous?.columns == columns && previous?.rows == rows
        for y in 0..<rows {
            var x = 0
            while x < columns {
                let index = y * columns + x
                guard !sameSize || previous?.cells[index] != cells[index] else { x += 1; continue }
                var end = x
                while end < columns, !sameSize || previous?.cells[y * columns + end] != cells[y * columns + end] {
                    end += 1
                }
                // Never start or end a run in the middle of a wide character.
                var start = x
                if start > 0 && cells[y * columns + start].text.isEmpty { start -= 1 }
                if end < columns && cells[y * columns + end].text.isEmpty { end += 1 }
                runs.append(CellRun(x: start, y: y, cells: Array(cells[(y * columns + start)..<(y * columns + end)])))
                x = end
            }
        }
        return runs
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        let index = y * columns + x
        if cells[index].text.isEmpty && x > 0 && cell.text != "" {
            cells[index - 1] = Cell(text: " ", style: cells[index - 1].style, color: cells[index - 1].color)
        }
        if x + 1 < columns && !cell.text.isEmpty && Self.isWide(cells[index]) {
            cells[index + 1] = .blank
        }
        cells[index] = cell
    }
}

/// A run of neighbouring cells on one row that changed: what a terminal redraws.
public struct CellRun: Sendable, Equatable {
    public let x: Int
    public let y: Int
    public let cells: [Cell]
}
