import Foundation
import Glibc
import Testing
import TestSupport

/// `storesim serve --tui` in tmux, as a presenter uses it: the interface shows the world served,
/// and what a backend or a script does to it over HTTP shows on its timeline as it is answered —
/// even while another world is shown; a request turned down is told on the status line; `q`
/// and SIGTERM end the server with status 0 and the world whole.
@Suite(.serialized, .tags(.slow)) struct SlowServedInterfaceTests {
    @Test func scriptsAndAPICallsShowOnTheServedWorldsTimelineAndQStopsTheServer() throws {
        let folder = try TemporaryFolder()
        let (session, port) = try Self.serve(in: folder)
        let buy = try folder.write("buy.scenario", "buy com.storesim.coins.100\nexpect audit ok\n")
        let bought = try StoreSimProcess.run(["run", "--connect", "http://127.0.0.1:\(port)", buy])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        #expect(bought.stdout.contains("Server               credit tx 1000000000000001: +100 coins"),
                "the script's transcript still reaches run --connect while the interface shows the world")
        // Each awaited on its own: a frame is drawn in pieces, and a capture may catch one half-drawn.
        let credited = try session.waitFor("Server ledger (1 credit)")
        #expect(credited.found, "\(credited.screen)")
        #expect(try session.waitFor("credit tx 1000000000000001: +100 coins").found)

        let connection = try RawConnection(port: port)
        #expect(connection.send("GET /inApps/v1/transactions/1000000000000001 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nonsense\r\nConnection: close\r\n\r\n"))
        #expect(RawConnection.status(of: connection.readAll()) == 401)
        let refused = try session.waitFor("→ 401 Unauthenticated")
        #expect(refused.found, "the status line tells why the request was turned down: \(refused.screen)")
        #expect(try session.waitFor("App Store Server API: GET /inApps/v1/transactions/1000000000000001 → 401").found)

        try session.send("q")
        let ended = try session.waitFor("EXIT=0")
        #expect(ended.found, "\(ended.screen)")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", folder.file("world")])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
    }

    @Test func whatTheServedWorldDidWhileAFreshWorldWasShownReachesItsTimelineAndSigtermEndsIt() throws {
        let (folder, temporary) = (try TemporaryFolder(), try TemporaryFolder())
        let (session, port) = try Self.serve(in: folder, temporary: temporary)
        try session.send("w")
        #expect(try session.waitFor("n fresh world").found)
        try session.send("n")
        #expect(try session.waitFor("Fresh world 2").found)
        let buy = try folder.write("buy.scenario", "buy com.storesim.coins.550\n")
        let bought = try StoreSimProcess.run(["run", "--connect", "http://127.0.0.1:\(port)", buy])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let fresh = try session.screen()
        #expect(!fresh.contains("credit tx 1000000000000001"), "the fresh world shown has bought nothing: \(fresh)")
        try session.send("w")
        #expect(try session.waitFor("Worlds").found)
        try session.send("1")
        let back = try session.waitFor("credit tx 1000000000000001: +550 coins")
        #expect(back.found, "the served world's timeline has what it did meanwhile: \(back.screen)")

        let serve = try #require(Self.serveProcess(port: port))
        kill(serve, SIGTERM)
        let ended = try session.waitFor("EXIT=0")
        #expect(ended.found, "\(ended.screen)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("storesim-run-") }
        #expect(left.isEmpty, "the fresh world's temporary folder goes when SIGTERM ends the server: \(left)")
    }

    /// Starts `serve --tui` on a free port in a wide tmux window (its temporary worlds in
    /// `temporary` when given), and reads the port from its status line.
    private static func serve(in folder: TemporaryFolder, temporary: TemporaryFolder? = nil) throws -> (TmuxSession, UInt16) {
        let session = try TmuxSession(
            command: "\(StoreSimProcess.binary) serve --tui --data-dir \(folder.file("world")) --listen 127.0.0.1:0 --lang en",
            columns: 140, rows: 40, environment: temporary.map { ["TMPDIR": $0.path] } ?? [:])
        let shown = try session.waitFor("Serving your world on http://127.0.0.1:", timeout: 60)
        #expect(shown.found, "\(shown.screen)")
        let line = try #require(shown.screen.split(separator: "\n").first { $0.contains("Serving your world on http://127.0.0.1:") })
        let port = line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
        return (session, try #require(port))
    }

    /// The process id of the `storesim serve` listening on `port`.
    private static func serveProcess(port: UInt16) -> pid_t? {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return folders.compactMap { pid_t($0) }.first { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.hasPrefix(StoreSimProcess.binary + "\0serve\0--tui")
        }
    }
}
