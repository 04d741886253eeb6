import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
import WorldCore

/// `server url URL`: the app sends its purchases to a team's backend over HTTP instead of the
/// built-in Server, and the strategies and crash recovery work around it unchanged: a credit is
/// finished, a crash after the backend credited is recovered as already credited, a backend that
/// fails or answers nonsense is a Server that is down, a rejection sets the purchase aside.
@Suite struct OutsideServerTests {
    let folder: TemporaryFolder
    let world: World
    let backend: FakeBackend
    private let events = EventLines()

    init() throws {
        folder = try TemporaryFolder()
        world = try folder.world(seed: 5)
        backend = try FakeBackend()
        world.onEvent = { [events] in events.lines.append($0.text) }
    }

    /// Runs `script` in the world, its `URL` the backend's; the runner's lines.
    @discardableResult
    func run(_ script: String) throws -> [String] {
        let text = script.replacingOccurrences(of: "URL", with: backend.url)
        var lines: [String] = []
        try ScenarioRunner(world: world) { lines.append($0) }.run(try ScenarioParser(catalog: world.catalog).parse(text, file: "t"), file: "t")
        return lines
    }

    @Test(arguments: [StoreKitAPI.storekit1, .storekit2])
    func aPurchaseIsCreditedByTheOutsideServerThenFinished(api: StoreKitAPI) throws {
        let lines = try run("api \(api.rawValue)\nserver url URL\nbuy com.storesim.coins.100\nexpect pending 0\nexpect unfinished 0\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(backend.credits.map(\.transactionId) == ["1000000000000001"])
        let body = try #require(backend.bodies.first)
        if api == .storekit2 {
            #expect(Set(body.keys) == ["signedTransaction", "appAccountToken"])
            #expect(body["appAccountToken"] == AppAccountToken.of(user: "demo"))
        } else {
            #expect(Set(body.keys) == ["receiptData", "transactionId"])
            #expect(body["transactionId"] == "1000000000000001")
        }
        #expect(events.lines.contains("outside server \(backend.url): verify tx 1000000000000001 → credited"))
        #expect(events.lines.contains("the app verifies with the outside server at \(backend.url)"))
    }

    @Test func aCrashAfterTheOutsideServerCreditedIsRecoveredAsAlreadyCredited() throws {
        let lines = try run("server url URL\ncrash at server-committed\nbuy com.storesim.coins.100\nexpect pending 1\nlaunch\nexpect pending 0\nexpect unfinished 0\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(backend.credits.count == 1, "credited once though asked twice")
        #expect(backend.bodies.count == 2)
        #expect(events.lines.contains("outside server \(backend.url): verify tx 1000000000000001 → already credited"))
    }

    @Test(arguments: [FakeBackend.Mode.failing(status: 500), .failing(status: 302), .garbage])
    func noUsableAnswerIsAServerThatIsDownAndTheNextLaunchAsksAgain(mode: FakeBackend.Mode) throws {
        backend.set(mode)
        let lines = try run("server url URL\nbuy com.storesim.coins.100\nexpect pending 1\nexpect unfinished 1\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(events.lines.contains { $0.hasPrefix("outside server \(backend.url): verify tx 1000000000000001 → ") && $0.hasSuffix("no answer the app can use; it asks again later") })
        backend.set(.normal)
        let after = try run("quit\nlaunch\nexpect pending 0\nexpect unfinished 0\n")
        #expect(after.filter { $0.contains("✗") }.isEmpty, "\(after)")
        #expect(backend.credits.count == 1)
    }

    @Test func nothingListeningIsAServerThatIsDown() throws {
        let url = backend.url
        backend.server.stop()
        let lines = try run("server url \(url)\nbuy com.storesim.coins.100\nexpect pending 1\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(events.lines.contains { $0.hasPrefix("outside server \(url): verify tx 1000000000000001 → no connection (") })
    }

    @Test func aRejectionSetsThePurchaseAside() throws {
        backend.set(.rejecting)
        let lines = try run("server url URL\nbuy com.storesim.coins.100\nexpect pending 0\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(events.lines.contains("outside server \(backend.url): verify tx 1000000000000001 → rejected: the receipt is not ours"))
    }

    /// The audit judges what the outside server lists at /storesim/credits as it judges the
    /// built-in Server's ledger: a backend that credits again is caught double-crediting.
    @Test func theAuditJudgesTheOutsideServersCredits() throws {
        let lines = try run("api storekit2\nserver url URL\nbuy com.storesim.coins.100\nbuy com.storesim.pro\nexpect audit ok\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        backend.set(.crediting)
        try run("crash at server-committed\nbuy com.storesim.coins.100\nlaunch\n")
        let audit = try ReadModel(world).audit()
        #expect(audit.doubleCredited == 1)
        #expect(!audit.ok)
        #expect(audit.outsideServer?.entries.count == 4)
        let text = audit.lines(catalog: world.catalog)
        #expect(text.first == "outside server \(backend.url): 4 credits listed at /storesim/credits, judged below")
        #expect(text.contains("  100 Coins tx 1000000000000003: DOUBLE-CREDITED: paid once, credited 2 times"))
        #expect(text.last == "audit FAILED")
    }

    @Test func aServerThatListsNoCreditsLeavesTheAuditUnjudged() throws {
        backend.listCredits(false)
        let lines = try run("server url URL\nbuy com.storesim.coins.100\nexpect audit ok\n")
        #expect(lines.contains("   ✗ expect audit ok: expected ok, found not ok (the outside server's credits could not be read: "
            + "GET \(backend.url)/storesim/credits: HTTP 404)"), "\(lines)")
        let audit = try ReadModel(world).audit()
        #expect(audit.json.rendered.contains(#""outsideServer": {"url": "\#(backend.url)", "creditsListed": false"#))
    }

    @Test func theBuiltInServerComesBackAndAURLMustBeHTTP() throws {
        let lines = try run("server url URL\nserver url built-in\nbuy com.storesim.coins.100\nexpect credited com.storesim.coins.100 1\n")
        #expect(lines.filter { $0.contains("✗") }.isEmpty, "\(lines)")
        #expect(backend.bodies.isEmpty)
        #expect(throws: WorldError.self) { try run("server url ftp://example.com\n") }
        #expect(throws: WorldError.self) { try run("server url http://\n") }
    }
}

/// The English text of every event a world recorded, in order.
final class EventLines: @unchecked Sendable {
    var lines: [String] = []
}
