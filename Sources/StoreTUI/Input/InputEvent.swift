/// What the terminal reports: a key, a new size, or pasted text (told apart from keys where
/// the terminal brackets pastes).
public enum InputEvent: Sendable, Equatable {
    case key(Key)
    case resize(columns: Int, rows: Int)
    case paste(String)
}

/// The keys the interface understands.
public enum Key: Sendable, Equatable {
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case enter
    case escape
    case space
    case backspace
    case interrupt
    case character(Character)
}
