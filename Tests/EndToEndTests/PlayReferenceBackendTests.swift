import Foundation
import Glibc
import Testing
import TestSupport

/// `storesim serve --store play` with the Google Play reference backend of
/// `Examples/backend-python/play_backend.py` (the standard library only) in the loop: the app
/// verifies with it, Pub/Sub pushes its notifications to it, it asks the served Developer API,
/// credits each purchase token once and consumes; the audit judges what it lists. `chaos --store
/// play --server-url` judges it the same way, run after run, in worlds of the served world's
/// access token whose order ids and tokens are each their own.
@Suite(.serialized) struct PlayReferenceBackendTests {
    static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    @Test(.enabled(if: hasPython, "no python3 here"))
    func aPurchaseIsCreditedOnceAndConsumedAndADuplicatedPushCreditsNothingMore() throws {
        let folder = try TemporaryFolder()
        let (ran, audit, backend) = try Self.connectedRun(in: folder, """
            store pubsub duplicate
            buy com.storesim.coins.100
            advance 1m
            expect pending 0
            expect acknowledged com.storesim.coins.100 yes
            expect audit ok
            buy com.storesim.pro
            advance 1m
            expect acknowledged com.storesim.pro yes
            expect audit ok

            """, notifications: true)
        let lines = ran.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("outside server \(backend.base): verify GPA.") }, "\(ran.stdout)")
        let credited = backend.output.split(separator: "\n").filter { $0.hasSuffix(": credited") }
        #expect(credited.count == 2, "each purchase credited once, by the verification or the push that came first: \(backend.output)")
        #expect(lines.filter { $0.contains("RTDN ONE_TIME_PRODUCT_PURCHASED") && $0.contains("POSTed to \(backend.base)/rtdn: HTTP 204") }.count == 4,
                "each push twice (store pubsub duplicate), each acknowledged: \(ran.stdout)")
        #expect(lines.contains { $0.contains("the outside server: purchases.products.consume GPA.") && $0.hasSuffix("→ 200") }, "\(ran.stdout)")
        #expect(lines.contains { $0.contains("the outside server: purchases.products.acknowledge GPA.") && $0.hasSuffix("→ 200") }, "\(ran.stdout)")
        #expect(audit.stdout.hasPrefix("outside server \(backend.base): 2 credits listed at /storesim/credits, judged below\n"), "\(audit.stdout)")
        #expect(audit.stdout.contains("double-credited 0"), "\(audit.stdout)")
    }

    @Test(.enabled(if: hasPython, "no python3 here"))
    func aSubscriptionIsVerifiedWithSubscriptionsV2AndAcknowledgedByTheBackend() throws {
        let folder = try TemporaryFolder()
        let (ran, audit, backend) = try Self.connectedRun(in: folder, """
            buy com.storesim.premium.monthly
            expect acknowledged com.storesim.premium.monthly yes
            advance 4d
            expect auto-refunded 0
            expect audit ok

            """, notifications: false)
        let lines = ran.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("outside server \(backend.base): verify GPA.") && $0.hasSuffix("→ credited") }, "\(ran.stdout)")
        #expect(lines.contains { $0.contains("the outside server: purchases.subscriptionsv2.get GPA.") && $0.hasSuffix("→ 200") }, "\(ran.stdout)")
        #expect(lines.contains { $0.contains("the outside server: purchases.subscriptions.acknowledge GPA.") && $0.hasSuffix("→ 200") },
                "the backend acknowledged the initial purchase: \(ran.stdout)")
        #expect(!lines.contains { $0.contains("acknowledgePurchase") && $0.contains("App") }, "the app left it to the backend: \(ran.stdout)")
        #expect(audit.stdout.hasPrefix("outside server \(backend.base): 1 credits listed at /storesim/credits, judged below\n"), "\(audit.stdout)")
    }

    @Test(.enabled(if: hasPython, "no python3 here"))
    func aRenewalIsCreditedOnceFromSubscriptionRenewedPushedTwice() throws {
        let folder = try TemporaryFolder()
        let (ran, audit, backend) = try Self.connectedRun(in: folder, """
            buy com.storesim.premium.monthly
            advance 1m
            store pubsub duplicate
            advance 31d
            expect notifications pending 0
            expect audit ok

            """, notifications: true)
        let renewed = ran.stdout.split(separator: "\n").filter {
            $0.contains("RTDN SUBSCRIPTION_RENEWED GPA.") && $0.contains("..0") && $0.hasSuffix("/rtdn: HTTP 204")
        }
        #expect(renewed.count == 2, "pushed twice (store pubsub duplicate), each acknowledged: \(ran.stdout)")
        let log = backend.output.split(separator: "\n")
        #expect(log.filter { $0.hasPrefix("rtdn ") && $0.hasSuffix(" subscription 2: credited") }.count == 1, "\(backend.output)")
        #expect(log.filter { $0.hasPrefix("rtdn ") && $0.hasSuffix(" subscription 2: already-credited") }.count == 1, "\(backend.output)")
        #expect(log.filter { $0.hasPrefix("credited the orders ") && $0.contains("..0 of com.storesim.premium.monthly") }.count == 1,
                "\(backend.output)")
        #expect(audit.stdout.hasPrefix("outside server \(backend.base): 2 credits listed at /storesim/credits, judged below\n"),
                "the purchase and its renewal, once each: \(audit.stdout)")
        #expect(audit.stdout.contains("double-credited 0"), "\(audit.stdout)")
    }

    /// A served Play world (seed 7) and the access token `serve` printed for it.
    private static func served(_ folder: TemporaryFolder) throws -> (served: ServedWorld, token: String) {
        let served = try ServedWorld(folder, options: ["--store", "play", "--seed", "7"])
        let line = try #require(served.stdout.split(separator: "\n").first { $0.contains("play access token ") })
        return (served, String(try #require(line.split(separator: " ").last)))
    }

    /// Runs `body` with `run --connect` in a served Play world (in `folder`) whose app sends its purchases to
    /// the reference backend under server-acknowledges (with `notifications`, Pub/Sub pushing to
    /// its `/rtdn`), both exiting 0; then stops serve and audits the world, exiting 0: the run,
    /// the audit and the backend.
    private static func connectedRun(in folder: TemporaryFolder, _ body: String, notifications: Bool) throws
        -> (ran: StoreSimProcess.Result, audit: StoreSimProcess.Result, backend: BackendProcess) {
        let (served, token) = try served(folder)
        let backend = try BackendProcess("play_backend.py", folder: folder, arguments: ["--api", served.base, "--access-token", token])
        let pushes = notifications ? "server notifications on\nserver notifications url \(backend.base)/rtdn\n" : ""
        let script = "server url \(backend.base)\n\(pushes)strategy server-acknowledges\n" + body
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("play.scenario", script)])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)\n\(backend.output)")
        #expect(served.stop() == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", served.dataDirectory])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        return (ran, audit, backend)
    }

    /// `chaos --store play --server-url` against `backend`, in the identity of the world in `directory`.
    private static func chaos(_ folder: TemporaryFolder, directory: String, backend: BackendProcess, listen: String,
                              _ options: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try StoreSimProcess.run(["chaos", "--store", "play", "--server-url", backend.base, "--data-dir", directory,
                                              "--listen", listen] + options, in: folder.url)
        return (result.status, result.stdout, result.stderr)
    }

    @Test(.enabled(if: hasPython, "no python3 here"))
    func chaosJudgesTheBackendSessionAfterSessionAndOnlyReadsTheWorld() throws {
        let folder = try TemporaryFolder()
        let (served, token) = try Self.served(folder)
        #expect(served.stop() == 0)
        let listen = try TeamWorld.freeAddress()
        let backend = try BackendProcess("play_backend.py", folder: folder, arguments: ["--api", "http://\(listen)", "--access-token", token])
        let play = served.dataDirectory + "/play.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: play))
        let rtdn = ["--notifications-url", backend.base + "/rtdn"]
        let refused = try Self.chaos(folder, directory: served.dataDirectory, backend: backend, listen: listen, ["--runs", "3"])
        #expect(refused.status == 2 && refused.stderr.contains("--server-url on Google Play needs --notifications-url URL"), "\(refused)")
        for strategy in ["server-acknowledges", "server-acknowledges", "verify-then-acknowledge"] {
            let ran = try Self.chaos(folder, directory: served.dataDirectory, backend: backend, listen: listen,
                                     ["--runs", "12", "--seed", "3", "--strategy", strategy] + rtdn)
            #expect(ran.status == 0, "\(strategy): \(ran.stdout)\(ran.stderr)\n\(backend.output)")
            #expect(ran.stdout.hasPrefix("storesim chaos: answering Google Play's Developer API on http://\(listen)\n"), "\(ran.stdout)")
            #expect(ran.stdout.contains("\nfailing runs: 0\n"), "\(ran.stdout)")
            #expect(ran.stdout.contains("outside server \(backend.base): one run at a time, each world's Google Play order ids and purchase "
                                        + "tokens its own; Real-time developer notifications pushed to \(backend.base)/rtdn"), "\(ran.stdout)")
            let credited = ran.stdout.split(separator: "\n").first { $0.hasPrefix("credited by the outside server: ") }
            #expect(credited.map { !$0.hasPrefix("credited by the outside server: 0 ") } == true, "\(ran.stdout)")
        }
        let log = backend.output
        #expect(log.contains("subscription 4: credited") || log.contains("verify subscription GPA."), "subscriptions were bought: \(log)")
        #expect(!log.contains("try again later: GET") && !log.contains("HTTP 401"), "every call of the API was answered: \(log)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: play)) == before, "the data directory's world is only read")
    }
}
