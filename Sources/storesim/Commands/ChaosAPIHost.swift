import Drivers
import HTTPServing
import IAPCore
import Serving
import StoreEngine
import WorldCore

/// The App Store Server API (on Google Play, the Developer API) of `chaos --server-url`: one
/// server for the session, answering the team's backend in the world of the trial in progress
/// (`ServeLoop.serve`), as `serve` answers in its one world, so that a backend that asks before it answers works against chaos. The
/// trials run one at a time, on one thread at a time: that thread alone opens and closes worlds.
final class ChaosAPIHost: TrialWorldHost, @unchecked Sendable {
    private let loop: ServeLoop
    private let keys: [APIKey]
    let server: HTTPServer

    /// Starts answering on `address`, accepting tokens of `identity`'s keys for `bundleId`, and
    /// Google Play's `playAccessToken` (that of the Play world the backend was set up for).
    init(identity: StoreIdentity, bundleId: String, playAccessToken: String?, address: ListenAddress) throws(CLIError) {
        keys = identity.apiKeys
        loop = ServeLoop(token: APIToken(keys: keys, bundleId: bundleId, playAccessToken: playAccessToken))
        do {
            server = try loop.start(address: address, tls: nil, others: Self.notServed, stopsOnSignals: false)
        } catch {
            throw .input(error.description)
        }
    }

    /// The answer to anything but the two stores' APIs: chaos runs no scripts sent to it.
    static let notServed = HTTPResponse.text(404, "Not Found: storesim chaos answers the App Store Server API under /inApps/ "
                                             + "and Google Play's Developer API under /androidpublisher/v3/ only")

    func open(_ world: World) {
        loop.serve(ServeSession(world: world, keys: keys, print: { _ in }, warn: { Output.error("chaos: " + $0) }))
    }

    /// Answers what the backend asked of the trial's world before it is removed.
    func close(_ world: World) {
        loop.answerServerAPICalls()
        loop.serve(nil)
    }

    /// Answers what is in flight and stops the server.
    func stop() {
        loop.stop(server)
    }
}
