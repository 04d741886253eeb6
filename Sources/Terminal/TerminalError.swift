/// Why the terminal interface cannot start.
public enum TerminalError: Error, CustomStringConvertible {
    /// Standard input or standard output is not a terminal.
    case notATerminal
    /// ncurses cannot drive the terminal type named by `TERM` (the associated value).
    case unusableTerminal(String)

    public var description: String {
        switch self {
        case .notATerminal:
            "standard input and output must be a terminal; to run without one, use 'storesim run SCRIPT'"
        case .unusableTerminal(let name) where name.isEmpty:
            "TERM is not set, so the terminal type is unknown; try TERM=xterm-256color or use 'storesim run SCRIPT'"
        case .unusableTerminal(let name):
            "the terminal type '\(name)' is not usable: ncurses found no terminfo description for it that can move the cursor; "
                + "try TERM=xterm-256color or use 'storesim run SCRIPT'"
        }
    }
}
