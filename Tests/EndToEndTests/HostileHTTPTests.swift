import Foundation
import Glibc
import Testing
import TestSupport

/// What a hostile client does to `storesim serve`: headers and bodies past the limits, half a
/// request held open, a client that vanishes mid-body, bytes that are no HTTP, paths that try to
/// climb out. Each gets an answer or a closed connection, and the world goes on answering.
@Suite struct HostileHTTPTests {
    @Test func hostileRequestsNeverStopTheWorld() throws {
        let folder = try TemporaryFolder()
        let served = try ServedWorld(folder)

        let held = try RawConnection(port: served.port)
        held.send("POST /storesim/script HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nbuy com")
        let vanished = try RawConnection(port: served.port)
        vanished.send("POST /storesim/script HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\nbuy com.storesim.coins.100\n")
        vanished.hangUp()

        let hugeHeader = try RawConnection(port: served.port)
        hugeHeader.send("GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nX-Filler: " + String(repeating: "a", count: 64 * 1024) + "\r\n\r\n")
        #expect(RawConnection.status(of: hugeHeader.readAll()) == 431)

        let body = [UInt8](repeating: UInt8(ascii: "#"), count: 2 * 1024 * 1024)
        let tooLong = try served.request("POST", "/storesim/script", body: body)
        #expect(tooLong.status == 400)
        #expect(tooLong.body == #"{"errorCode":4000163,"errorMessage":"An error that indicates the body text is too long."}"#)

        let garbage = try RawConnection(port: served.port)
        garbage.send("HELLO\r\n\r\n")
        #expect(garbage.readAll() == "")
        let future = try RawConnection(port: served.port)
        future.send("GET / HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(RawConnection.status(of: future.readAll()) == 505)

        for path in ["/../../etc/passwd", "/storesim/../inApps/x", "/%2e%2e/%2e%2e/store.sqlite"] {
            let climbed = try RawConnection(port: served.port)
            climbed.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect([401, 404].contains(RawConnection.status(of: climbed.readAll())), "\(path)")
        }
        for path in ["/storesim/script%00x", "/storesim%00/script"] {
            let cut = try RawConnection(port: served.port)
            cut.send("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            #expect(RawConnection.status(of: cut.readAll()) == 404, "a %00 in a path is not where the path ends: \(path)")
        }
        let wrongMethod = try served.request("GET", "/storesim/script")
        #expect(wrongMethod.status == 405)

        let script = try served.request("POST", "/storesim/script", body: Array("buy com.storesim.coins.100\nexpect audit ok\n".utf8))
        #expect(script.status == 200)
        #expect(script.body.contains(#""met": 1, "failed": 0"#))
        held.hangUp()
        #expect(served.stop() == 0)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(entries == ["serve.err", "serve.out", "world"])
    }
}
