import Foundation
import Testing
import TestSupport

/// What `chaos --server-url` refuses before it makes a run, each in one line with exit 2: its
/// options without it, a data directory with no world or a world with no API key, a port taken.
@Suite struct ChaosServerURLTests {
    @Test func itsOptionsGoWithServerURL() throws {
        for options in [["--data-dir", "/tmp/x"], ["--listen", "127.0.0.1:0"], ["--notifications-url", "http://127.0.0.1:9/n"]] {
            let result = try StoreSimProcess.run(["chaos", "--runs", "1"] + options)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("storesim: error: \(options[0]) goes with --server-url: storesim chaos "), "\(result.stderr)")
        }
        let help = try StoreSimProcess.run(["help", "chaos"])
        #expect(help.stdout.contains("--server-url URL"))
        #expect(help.stdout.contains("--notifications-url URL"))
    }

    @Test func aDataDirectoryWithoutAWorldOrWithoutAKeyIsRefused() throws {
        let folder = try TemporaryFolder()
        let none = try StoreSimProcess.run(["chaos", "--server-url", "http://127.0.0.1:9", "--data-dir", folder.file("none")])
        #expect(none.status == 2)
        #expect(none.stderr == "storesim: error: no world in \(folder.file("none")): chaos --server-url runs in the identity of "
            + "the world your backend was set up for (--data-dir)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("none")), "nothing is made there")
        let world = folder.file("world")
        let ran = try StoreSimProcess.run(["run", "--data-dir", world, try folder.write("s.scenario", "buy com.storesim.pro\n")])
        #expect(ran.status == 0)
        let keyless = try StoreSimProcess.run(["chaos", "--server-url", "http://127.0.0.1:9", "--data-dir", world])
        #expect(keyless.status == 2)
        #expect(keyless.stderr == "storesim: error: \(world): the world has no API key, so a backend cannot call its App Store Server API: "
            + "make one with storesim keys create --data-dir \(world) --out FILE\n")
        #expect(keyless.stdout.isEmpty)
    }

    @Test func aPortTakenIsSaidInOneLine() throws {
        let folder = try TemporaryFolder()
        let world = try TeamWorld(folder)
        let served = try ServedWorld(try TemporaryFolder())
        let address = served.base.replacingOccurrences(of: "http://", with: "")
        let result = try StoreSimProcess.run(["chaos", "--server-url", "http://127.0.0.1:9", "--data-dir", world.directory, "--listen", address])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: cannot serve on \(address): cannot listen (Address already in use)\n", "\(result.stderr)")
        #expect(served.stop() == 0)
    }
}
