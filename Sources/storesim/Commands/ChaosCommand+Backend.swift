import Drivers
import Foundation
import IAPCore
import PlayEngine
import StoreEngine
import WorldCore

/// `chaos --server-url URL`: the runs judged against a team's backend.
extension ChaosCommand {
    static let serverURL: Option<String> = Option(
        "--server-url", "URL", help: "run against the outside server at URL, as server url URL does, one run at a time", reads: .httpURL)
    static let notificationsURL: Option<String> = Option(
        "--notifications-url", "URL", help: "with --server-url: the runs that turn notifications on POST them to URL", reads: .httpURL)

    /// The backend of `--server-url`, its world's identity read from `--data-dir` (which is
    /// left as it is), and the App Store Server API (on Google Play, the Developer API, for the
    /// access token of the Play world in `--data-dir`) answering on `--listen`; nil without
    /// `--server-url`. A data directory without a world, whose world sells on the other store,
    /// or an App Store world without an API key, is an error; so is Google Play without
    /// `--notifications-url`.
    static func backend(_ arguments: ParsedArguments, catalog: Catalog,
                        store: StoreKind) throws(CLIError) -> (backend: ChaosBackend, host: ChaosAPIHost)? {
        guard let url = arguments[serverURL] else {
            let given = [(Options.dataDir, arguments[Options.dataDir]), (ListenOption.option, arguments[ListenOption.option]),
                         (notificationsURL, arguments[notificationsURL])].first { $0.1 != nil }
            if let given { throw .usage("\(given.0.spec.name) goes with --server-url: \(spec.usage)") }
            return nil
        }
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        if store == .play, arguments[notificationsURL] == nil {
            throw .usage("--server-url on Google Play needs --notifications-url URL: every Google Play run has Real-time developer "
                         + "notifications on, and Pub/Sub must push them to your backend rather than to the built-in Server")
        }
        let settings = try settings(of: directory)
        let identity = try identity(of: directory, selling: settings.store, on: store)
        let playAccessToken = store == .play ? try playAccessToken(of: directory) : nil
        let address = try ListenOption.address(arguments[ListenOption.option], of: spec)
        let host = try ChaosAPIHost(identity: identity, bundleId: catalog.app.bundleId, playAccessToken: playAccessToken, address: address)
        if store == .appStore, identity.rootCertificate == nil {
            Output.error("chaos: warning: the world in \(directory.path) never signed for StoreKit 2, so it has no root certificate: "
                         + "each run's world makes its own, which a backend that pins a root refuses (buy once under api storekit2 in it first)")
        }
        Output.line("storesim chaos: answering \(store == .play ? "Google Play's Developer API" : "the App Store Server API") "
                    + "on http://\(host.server.address)")
        return (ChaosBackend(url: url, notificationsURL: arguments[notificationsURL], identity: identity, host: host,
                              startMillis: settings.clockMillis), host)
    }

    /// The settings of the world in `directory`, read without changing them; an error when there is no world.
    private static func settings(of directory: DataDirectory) throws(CLIError) -> WorldSettings {
        do {
            try directory.requireWorld()
        } catch {
            throw .input("\(error.description): chaos --server-url runs in the identity of the world your backend was set up for (--data-dir)")
        }
        do {
            return try WorldSettings.load(path: directory.settings)
        } catch {
            throw .input(error.description)
        }
    }

    /// The identity of the world in `directory`, which `sells` on a store, read without changing
    /// it; refused when that is another store than `store`.
    private static func identity(of directory: DataDirectory, selling sells: StoreKind, on store: StoreKind) throws(CLIError) -> StoreIdentity {
        let found: StoreIdentity?
        do {
            found = try StoreIdentity.read(path: directory.storeDatabase)
        } catch {
            throw .input(error.description)
        }
        guard let found else {
            throw .input("no world in \(directory.path): chaos --server-url runs in the identity of the world your backend was set up for (--data-dir)")
        }
        guard sells == store else {
            throw .input("\(directory.path): the world sells on \(sells.displayName), and chaos --server-url runs in the identity of the "
                         + "world your backend was set up for: " + (store == .play ? "give --data-dir a Google Play world (serve --store play)"
                                                                    : "add --store play"))
        }
        if store == .play { return found }
        guard !found.apiKeys.isEmpty else {
            throw .input("\(directory.path): the world has no API key, so a backend cannot call its App Store Server API: "
                         + "make one with storesim keys create --data-dir \(directory.path) --out FILE")
        }
        return found
    }

    /// The Developer API's access token of the Play world in `directory`, which the backend was given.
    private static func playAccessToken(of directory: DataDirectory) throws(CLIError) -> String {
        let token: String?
        do {
            token = try PlayStore.readAccessToken(path: directory.playDatabase)
        } catch {
            throw .input(error.description)
        }
        guard let token else { throw .input("\(directory.playDatabase): no Google Play here, so no access token a backend could have been given") }
        return token
    }
}
