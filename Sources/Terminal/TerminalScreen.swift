import CNcurses
import Glibc
import StoreTUI

/// The ncurses screen: draws cell buffers (only what changed), reads keys, reports resizes.
public final class TerminalScreen: TerminalIO {
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    private let colour: Bool
    private var lastDrawn: CellBuffer?
    private var closed = false
    private let opened = ContinuousClock.now

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, colour: Bool) {
        self.screen = screen
        self.window = window
        self.colour = colour
    }

    /// Whether standard input and output are a terminal, which `open` needs.
    public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Takes over the terminal; `colour` false (for NO_COLOR) draws with attributes only.
    public static func open(colour: Bool) throws(TerminalError) -> TerminalScreen {
        guard isAvailable else { throw .notATerminal }
        useUTF8Locale()
        acceptWindowSizeChanges()
        let name = getenv("TERM").map { String(cString: $0) } ?? ""
        guard let screen = shim_newterm() else { throw .unusableTerminal(name) }
        guard canMoveCursor(), let window = shim_stdscr() else {
            endwin()
            delscreen(screen)
            throw .unusableTerminal(name)
        }
        raw()
        noecho()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        let useColour = colour && has_colors() && start_color() == OK
        if useColour { CellAttributes.installColourPairs() }
        askForBracketedPaste(true)
        return TerminalScreen(screen: screen, window: window, colour: useColour)
    }

    /// Takes the locale from the environment, as ncursesw needs to draw anything but ASCII; when
    /// that locale is not installed (`LANG=zh_CN.UTF-8` on a machine without it) or its
    /// characters are not UTF-8, the characters are C.UTF-8's instead, so that box lines, marks
    /// and Chinese still draw rather than every such cell staying blank.
    private static func useUTF8Locale() {
        if setlocale(LC_ALL, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Unblocks SIGWINCH and restores its default action before ncurses installs its handler, so
    /// a resize reaches the program as KEY_RESIZE even when the parent started it with the
    /// signal blocked or ignored.
    private static func acceptWindowSizeChanges() {
        var windowChange = sigset_t()
        sigemptyset(&windowChange)
        sigaddset(&windowChange, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &windowChange, nil)
        signal(SIGWINCH, SIG_DFL)
    }

    public var elapsedMillis: Int64 {
        let (seconds, attoseconds) = opened.duration(to: .now).components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The terminal's current size in cells.
    public var size: (columns: Int, rows: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        shim_getmaxyx(window, &rows, &columns)
        return (Int(columns), Int(rows))
    }

    /// Shows `buffer`, writing only the cells that differ from the last one drawn; everything after
    /// a size change or a resize. Cells beyond the terminal's edge are left out.
    public func draw(_ buffer: CellBuffer) {
        guard !closed else { return }
        if lastDrawn?.columns != buffer.columns || lastDrawn?.rows != buffer.rows {
            werase(window)
            clearok(window, true)
            lastDrawn = nil
        }
        let size = size
        for run in buffer.changes(since: lastDrawn) where run.y < size.rows {
            var x = run.x
            for cell in run.cells {
                let width = max(DisplayWidth.of(cell.text), 1)
                if !cell.text.isEmpty && x + width <= size.columns { put(cell, x: x, y: run.y) }
                x += 1
            }
        }
        lastDrawn = buffer
        wrefresh(window)
    }

    /// The next key or resize, waiting at most `timeoutMillis` (negative: forever); nil on timeout
    /// or for a key the interface does not use.
    public func readInput(timeoutMillis: Int32) -> InputEvent? {
        guard !closed else { return nil }
        wtimeout(window, timeoutMillis)
        var code: wint_t = 0
        switch wget_wch(window, &code) {
        case KEY_CODE_YES where code == KEY_RESIZE:
            lastDrawn = nil
            return .resize(columns: size.columns, rows: size.rows)
        case KEY_CODE_YES:
            return KeyDecoder.key(functionKey: Int32(bitPattern: code)).map(InputEvent.key)
        case OK where code == Self.escape:
            return readPaste().map(InputEvent.paste) ?? .key(.escape)
        case OK:
            return KeyDecoder.key(character: code).map(InputEvent.key)
        default:
            return nil
        }
    }

    /// Gives the terminal back as it was (cursor visible, echo on). Idempotent, and safe right
    /// before the process kills itself: nothing else is needed to restore the terminal.
    public func close() {
        guard !closed else { return }
        closed = true
        Self.askForBracketedPaste(false)
        endwin()
    }

    deinit {
        close()
        delscreen(screen)
    }

    /// Whether the terminal description has cursor addressing (`cup`); "dumb" has none.
    private static func canMoveCursor() -> Bool {
        guard let cup = tigetstr("cup") else { return false }
        return Int(bitPattern: cup) != -1
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        let pair = colour ? CellAttributes.pair(for: cell.color) : 0
        let attributes = CellAttributes.attributes(of: cell.style)
        var glyph = cchar_t()
        var characters = cell.text.unicodeScalars.prefix(Int(CCHARW_MAX) - 1).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        if setcchar(&glyph, characters, attributes, pair, nil) != OK {
            setcchar(&glyph, [characters[0], 0], attributes, pair, nil)
        }
        mvwadd_wch(window, Int32(y), Int32(x), &glyph)
    }
}
