/// What the app loop needs from a terminal: its size, drawing a frame, reading input.
/// `Terminal` implements it over ncurses; tests implement it in memory.
public protocol TerminalIO: AnyObject {
    var size: (columns: Int, rows: Int) { get }
    func draw(_ buffer: CellBuffer)
    /// The next key or resize, or nil when `timeoutMillis` pass without one.
    func readInput(timeoutMillis: Int32) -> InputEvent?
    /// Real milliseconds since the terminal opened: the clock simulated time runs by at the
    /// Store's time rate.
    var elapsedMillis: Int64 { get }
}
