import Foundation
import Glibc
import Testing
import TestSupport

/// `storesim serve` as its users meet it: scripts sent with `run --connect` play in the served
/// world and print and exit as `run` does; SIGTERM ends it with status 0 and the world whole;
/// the address it was given is one line when it cannot be served.
@Suite struct ServeCommandTests {
    @Test func runConnectPlaysScriptsInTheServedWorldAndSigtermEndsItWithTheWorldWhole() throws {
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder, options: ["--seed", "7"])
        let buy = try folder.write("buy.scenario", "buy com.storesim.coins.100\nexpect audit ok\nexpect balance coins 100\n")
        let bought = try StoreSimProcess.run(["run", "--connect", served.base, buy])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let lines = bought.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "== \(buy)")
        #expect(lines.contains("-- \(buy):1  buy com.storesim.coins.100"))
        #expect(lines.contains { $0.hasSuffix("Server               credit tx 1000000000000001: +100 coins") })
        #expect(lines.contains("   ✓ expect audit ok"))
        #expect(lines.last == "expectations: 2 met, 0 failed")

        let again = try folder.write("again.scenario", "buy com.storesim.coins.100\nexpect balance coins 999\n")
        let failed = try StoreSimProcess.run(["run", "--connect", served.base + "/", again])
        #expect(failed.status == 1)
        #expect(failed.stdout.hasSuffix("expectations: 0 met, 1 failed\n"))
        #expect(failed.stderr == "storesim: expect failed: \(again): line 2: expect balance coins 999: expected 999, found 200\n")

        let bad = try folder.write("bad.scenario", "buy com.storesim.nothing\n")
        let refused = try StoreSimProcess.run(["run", "--connect", served.base, bad])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("storesim: error: \(bad): line 1: unknown product 'com.storesim.nothing'"))
        #expect(refused.stderr.split(separator: "\n").count == 1)

        let mixed = try StoreSimProcess.run(["run", "--connect", served.base, "--data-dir", folder.file("other"), buy])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--connect runs in the served world as it is: it takes no other option"))

        #expect(served.stdout.contains("credit tx 1000000000000002: +100 coins"))
        #expect(served.stop() == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", served.dataDirectory])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        let unreachable = try StoreSimProcess.run(["run", "--connect", served.base, buy])
        #expect(unreachable.status == 2)
        #expect(unreachable.stderr.hasPrefix("storesim: error: cannot reach storesim serve at \(served.base): "))
    }

    @Test func aServerURLPointingBackAtServeGetsItsNotFoundAtOnce() throws {
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder)
        let script = try folder.write("self.scenario", "server url \(served.base)\nbuy com.storesim.coins.100\n")
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, script])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.contains("outside server \(served.base): verify tx 1000000000000001 → HTTP 404"),
                "answered by the server's thread, not left waiting for the world that waits for it: \(ran.stdout)")
        #expect(served.stop() == 0)
    }

    @Test func theInterfaceWithoutATerminalIsOneLineBeforeAnythingIsMadeOrServed() throws {
        let folder = try TemporaryFolder()
        let refused = try StoreSimProcess.run(["serve", "--tui", "--data-dir", folder.file("world"), "--listen", "127.0.0.1:0"])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty, "no listening line for a server that never listened: \(refused.stdout)")
        #expect(refused.stderr == "storesim: error: storesim serve --tui: standard input and output must be a terminal; "
            + "drop --tui to serve without the interface\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("world")), "no world is made")
    }

    @Test func anAddressThatCannotBeServedIsOneLine() throws {
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder)
        let busy = try StoreSimProcess.run(["serve", "--data-dir", folder.file("other"), "--listen", "127.0.0.1:\(served.port)"])
        #expect(busy.status == 2)
        #expect(busy.stderr == "storesim: error: cannot serve on 127.0.0.1:\(served.port): cannot listen (Address already in use)\n")
        let sameWorld = try StoreSimProcess.run(["serve", "--data-dir", served.dataDirectory, "--listen", "127.0.0.1:0"])
        #expect(sameWorld.status == 2)
        #expect(sameWorld.stderr.contains("storesim serve"), "\(sameWorld.stderr)")
        for (text, problem) in [("localhost:8777", "'localhost' is not an IPv4 address (write IPv6 as [::1]:PORT)"),
                                ("127.0.0.1:99999", "the port must be a number from 0 to 65535"),
                                ("127.0.0.1", "expected ADDR:PORT, e.g. 127.0.0.1:8777")] {
            let refused = try StoreSimProcess.run(["serve", "--data-dir", folder.file("other"), "--listen", text])
            #expect(refused.status == 2)
            #expect(refused.stderr.hasPrefix("storesim: error: --listen: \(problem): storesim serve [--data-dir DIR]"), "\(refused.stderr)")
        }
        #expect(served.stop(SIGINT) == 0)
    }

    @Test func theServerAPIAnswers401ToARequestWithoutAValidTokenAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder, options: ["--new-key", folder.file("key.p8")])
        #expect(served.stdout.contains("written to \(folder.file("key.p8"))"))
        let bare = try served.request("GET", "/inApps/v1/transactions/1000000000000001")
        #expect(bare.status == 401)
        #expect(bare.body == "Unauthenticated\n")
        let forged = try served.request("GET", "/inApps/v1/transactions/1000000000000001", headers: ["Authorization": "Bearer a.b.c"])
        #expect(forged.status == 401)
        #expect(served.stop() == 0)
        #expect(served.stderr.contains("storesim: serve: GET /inApps/v1/transactions/1000000000000001 → 401 Unauthenticated: no Authorization header\n"))
        #expect(served.stderr.contains("→ 401 Unauthenticated: the token is not a JWT (a part is not base64url)\n"))
    }
}
