import CNcurses
import StoreTUI

/// How a cell's style and colour become ncurses attributes and colour pairs.
enum CellAttributes {
    /// Defines one colour pair per `CellColor` (pair number = raw value), on the default background.
    static func installColourPairs() {
        let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        for color in CellColor.allCases {
            guard let foreground = foreground(of: color) else { continue }
            init_pair(pair(for: color), foreground, background)
        }
    }

    static func attributes(of style: CellStyle) -> attr_t {
        var result = shim_A_NORMAL()
        if style.contains(.bold) { result |= shim_A_BOLD() }
        if style.contains(.dim) { result |= shim_A_DIM() }
        if style.contains(.reverse) { result |= shim_A_REVERSE() }
        if style.contains(.underline) { result |= shim_A_UNDERLINE() }
        return result
    }

    static func pair(for color: CellColor) -> Int16 {
        Int16(color.rawValue)
    }

    private static func foreground(of color: CellColor) -> Int16? {
        switch color {
        case .none: nil
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        }
    }
}
