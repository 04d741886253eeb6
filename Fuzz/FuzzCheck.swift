/// The checks every fuzz target makes on what a parser said. A failed check traps, which
/// libFuzzer reports as a crash and saves the input that caused it.
enum FuzzCheck {
    /// Traps with `what` unless `condition` holds.
    static func require(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { fatalError("fuzz check failed: \(what())") }
    }

    /// An error message as a user sees it: it starts with `prefix` (the file, and for scripts
    /// the line), says something after it, and fits on one line with nothing that could move
    /// the cursor (no control characters, no line or paragraph separators).
    static func requireMessage(_ message: String, startsWith prefix: String) {
        require(message.hasPrefix(prefix), "message does not start with \(prefix.debugDescription): \(message.debugDescription)")
        require(message.count > prefix.count, "message says nothing after the place: \(message.debugDescription)")
        require(isOneLine(message), "message is not one printable line: \(message.debugDescription)")
    }

    /// Whether `text` holds no control character and no line or paragraph separator.
    static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
