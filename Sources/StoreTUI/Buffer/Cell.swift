/// Text attributes of a cell; they carry meaning on their own, without colour.
public struct CellStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellStyle(rawValue: 1 << 0)
    public static let dim = CellStyle(rawValue: 1 << 1)
    public static let reverse = CellStyle(rawValue: 1 << 2)
    public static let underline = CellStyle(rawValue: 1 << 3)
}

/// The foreground colours the interface uses; terminals without colour ignore them.
public enum CellColor: UInt8, Sendable, CaseIterable, Hashable {
    case none
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
}

/// One terminal cell: a character (empty for the right half of a wide one), its style, its colour.
public struct Cell: Sendable, Hashable {
    public var text: String
    public var style: CellStyle
    public var color: CellColor

    public init(text: String = " ", style: CellStyle = [], color: CellColor = .none) {
        self.text = text
        self.style = style
        self.color = color
    }

    /// The blank cell.
    public static let blank = Cell()
    /// The right half of a double-width character.
    static let continuation = Cell(text: "")
}
