/// A server that runs beside the interface on the world it opened on (`storesim serve --tui`):
/// the address it answers on, for the status line, and the turn that answers the requests
/// waiting, which the interface takes between keys on its own thread — the world's.
public struct ServedBeside {
    /// What a turn did.
    public enum Turn: Equatable, Sendable {
        /// Nothing was waiting.
        case idle
        /// Requests were answered: the world may have changed; with a line for the status line
        /// when one of them was turned down or failed.
        case changed(notice: String?)
        /// The server was asked to stop (SIGTERM, SIGINT): the interface ends as `q` ends it.
        case stop
    }

    /// Where the server answers, e.g. `http://127.0.0.1:8777`.
    public let url: String
    /// Answers the requests waiting, without waiting for more.
    public let turn: () -> Turn

    public init(url: String, turn: @escaping () -> Turn) {
        self.url = url
        self.turn = turn
    }
}
