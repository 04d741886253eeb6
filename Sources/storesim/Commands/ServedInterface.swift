import HTTPServing
import IAPCore
import Serving
import StoreTUI
import Terminal
import WorldCore

/// `storesim serve --tui`: the interactive interface on the world served, in the same process.
/// The interface's loop is the world's thread: between keys it answers the requests waiting.
/// The transcript `serve` prints is not printed (the timeline shows each request), and a
/// request turned down is told on the status line instead of stderr.
final class ServedInterface {
    private let directory: DataDirectory
    private let locale: String
    /// The newest request turned down or failed since the last turn.
    private var notice: String?

    init(directory: DataDirectory, catalog: Catalog, language: String?) {
        self.directory = directory
        locale = language ?? InteractiveCommand.locale(of: catalog)
    }

    /// The transcript's printer: the timeline shows what it would say.
    var print: (String) -> Void { { _ in } }

    /// Keeps a request turned down for the status line.
    var warn: (String) -> Void { { [unowned self] line in notice = line } }

    /// Runs the interface on the session's world until `q`, SIGTERM or SIGINT, answering `loop`'s requests
    /// between keys; then stops `server` as `serve` stops it.
    func show(_ session: ServeSession, serving url: String, loop: ServeLoop, server: HTTPServer) throws(CLIError) {
        let terminal: TerminalScreen
        do {
            terminal = try TerminalScreen.open(colour: ColourSupport.wanted)
        } catch {
            loop.stop(server)
            throw .input(error.description)
        }
        let served = ServedBeside(url: url) { [unowned self] in
            switch loop.answerWaiting() {
            case .idle: return .idle
            case .stopping: return .stop
            case .answered:
                defer { notice = nil }
                return .changed(notice: notice)
            }
        }
        do {
            let history = try EventLog.readLast(TUIState.timelineLimit, path: directory.events)
            try TUIApp(readModel: session.readModel, terminal: terminal, locale: locale, history: history, serving: served).run()
        } catch {
            terminal.close()
            loop.stop(server)
            throw .input("\(error)")
        }
        terminal.close()
        loop.stop(server)
    }
}
