import ReadSide

/// One terminal size of the render benchmark: a full frame drawn and diffed, in microseconds.
public struct RenderRow: Sendable {
    public let columns: Int
    public let rows: Int
    public let micros: Double

    public init(columns: Int, rows: Int, micros: Double) {
        self.columns = columns
        self.rows = rows
        self.micros = micros
    }

    var json: JSONText {
        .object([("cols", .int(columns)), ("rows", .int(rows)), ("micros", Ratio.rounded(micros))])
    }
}
