import Foundation
import HTTPServing
import Testing
import TestSupport

/// `storesim serve --notifications-url URL`: notifications are on from the start and the Store
/// POSTs them to the team's backend; the transcript of `run --connect` shows each attempt's HTTP
/// result, and a failed one is retried on Apple's schedule.
@Suite struct ServedNotificationsURLTests {
    @Test func theTranscriptShowsEachAttemptToTheTeamsURL() throws {
        let receiver = try NotificationReceiver { $0 == 1 ? .text(503, "busy") : .text(200, "") }
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder, options: ["--seed", "7", "--notifications-url", receiver.url])
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nadvance 1h\nexpect notifications pending 0\n")
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, script])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let lines = ran.stdout.split(separator: "\n").map(String.init)
        let posted = "notification ONE_TIME_CHARGE tx 1000000000000001"
        #expect(lines.contains { $0.contains("··✗ Server   \(posted) POSTed to \(receiver.url): HTTP 503 (UNSUCCESSFUL_HTTP_RESPONSE_CODE)") },
                "\(ran.stdout)")
        #expect(lines.contains { $0.contains("··✓ Server   \(posted) (retry 1 of 5) POSTed to \(receiver.url): HTTP 200") }, "\(ran.stdout)")
        #expect(receiver.bodies.count == 2)
        #expect(served.stop() == 0)

        let state = try StoreSimProcess.run(["state", "--data-dir", served.dataDirectory, "--json"])
        #expect(state.stdout.contains("\"notificationsURL\": \"\(receiver.url)\""), "\(state.stdout)")
        let timeline = try StoreSimProcess.run(["timeline", "--data-dir", served.dataDirectory])
        #expect(timeline.stdout.contains("User: server notifications url \(receiver.url)"), "\(timeline.stdout)")
    }

    @Test func aURLThatIsNotHTTPIsOneLine() throws {
        let folder = try TemporaryFolder()
        let refused = try StoreSimProcess.run(["serve", "--data-dir", folder.file("world"), "--notifications-url", "ftp://x"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "storesim: error: --notifications-url: \"ftp://x\" is not an http:// or https:// URL with a host\n")
    }
}
