import Foundation
import Glibc
import TestSupport

/// A private tmux server running one command in a fixed-size window, for driving the TUI as a
/// person would: send keys, then poll the screen until the expected text shows (never a bare sleep).
final class TmuxSession {
    let socket = "storesim-test-\(UUID().uuidString.prefix(8))"
    /// Where a tmux client's output goes when it is read.
    private let scratch: TemporaryFolder

    init(command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        scratch = try TemporaryFolder()
        var arguments = ["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows),
                         "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color"]
        for (key, value) in environment { arguments += ["-e", "\(key)=\(value)"] }
        arguments.append("\(command); echo EXIT=$?; sleep 30")
        try tmux(arguments, capture: false)
    }

    /// The visible screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p"], capture: true)
    }

    /// Polls the screen until `text` appears or `timeout` seconds pass; returns the last screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 15) throws -> (found: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return (true, last) }
            usleep(50_000)
        }
        return (false, last)
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys, capture: false)
    }

    /// Pastes `text` as a terminal pastes it: bracketed, when the program asked for that.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "--", text], capture: false)
        try tmux(["paste-buffer", "-p", "-d"], capture: false)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", String(columns), "-y", String(rows)], capture: false)
    }

    /// Runs a tmux client command with posix_spawn and waitpid. (Foundation's Process never
    /// sees the client exit here: the first command forks the tmux server, which keeps what
    /// the client inherited.) Output goes through a file, read only when asked for.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool) throws -> String {
        let output = scratch.file("tmux-output")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxError(problem: "cannot start tmux: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    /// tmux could not be run.
    struct TmuxError: Error {
        let problem: String
    }

    deinit {
        _ = try? tmux(["kill-server"], capture: false)
    }
}
