import CNcurses
import StoreTUI

/// Turns what `wget_wch` read into the keys the interface understands.
enum KeyDecoder {
    /// A function key (`wget_wch` returned `KEY_CODE_YES`); nil for keys the interface ignores.
    static func key(functionKey code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        default: nil
        }
    }

    /// A character (`wget_wch` returned `OK`); nil for control characters the interface ignores.
    static func key(character code: UInt32) -> Key? {
        guard let scalar = Unicode.Scalar(code) else { return nil }
        switch scalar {
        case "\u{03}": return .interrupt
        case "\n", "\r": return .enter
        case "\u{1B}": return .escape
        case "\u{7F}", "\u{08}": return .backspace
        case " ": return .space
        default:
            return scalar.properties.generalCategory == .control ? nil : .character(Character(scalar))
        }
    }
}
