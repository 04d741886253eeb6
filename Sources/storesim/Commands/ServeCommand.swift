import Foundation
import HTTPServing
import IAPCore
import ScenarioLanguage
import Serving
import Storage
import StoreEngine
import Terminal
import WorldCore

/// `storesim serve`: one world served over HTTP until SIGTERM or SIGINT — Apple's App Store
/// Server API for a team's backend, and scenario lines for `run --connect`.
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve a world over HTTP: Apple's App Store Server API, and scripts for run --connect.",
        options: [Options.dataDir, Options.catalog, Options.store, Options.api, Options.worldSeed, ListenOption.option, newKey, serverURL, notificationsURL,
                  tlsCert, tlsKey, tui, InteractiveCommand.lang],
        arguments: (name: "", minimum: 0, maximum: 0),
        details: """
            Holds the world's writer lock and answers on ADDR:PORT (default 127.0.0.1:8777; port 0
            takes a free one) once it prints `storesim serve: listening on http://ADDR:PORT`.
            /inApps/… is Apple's App Store Server API, same paths, JSON and errors, for a Bearer
            JWT (ES256) signed with a key of `storesim keys create` or --new-key; POST
            /storesim/script runs scenario lines (from this machine only) and answers the
            transcript as JSON. Requests are carried out one at a time, in arrival order; the
            transcript is printed as `run` prints it. SIGTERM or SIGINT: the requests in flight
            are answered, then it exits 0. An address other than loopback is served only when
            named, with a warning: the API then answers anyone who holds a key.
            A world that sells on Google Play (--store play, or a Play world) is served Google's
            Developer API instead, under /androidpublisher/v3/applications/PACKAGE/purchases/
            (purchases.products get, acknowledge and consume; voidedpurchases), for the Bearer
            access token serve prints (`play access token ya29.…`), the same for the world every
            time; --notifications-url has Pub/Sub push its Real-time developer notifications
            there (any 2xx acknowledges).
            --notifications-url URL turns notifications on and has the Store POST them to URL
            (as `server notifications url URL` would): HTTP 200 acknowledges one.
            --tui shows the world served in the interactive interface, in the same process: each
            request shows on its timeline as it is answered (between keys, so up to a fiftieth
            of a second late), and q or SIGTERM stops the server as SIGTERM does without it. The
            interface launches the app; a crash there stays in the process, which goes on serving.
            """,
        run: run,
        synopsis: "storesim serve [--data-dir DIR] [--catalog FILE] [--store STORE] [--api API] [--seed N] [--listen ADDR:PORT] [--new-key FILE] [--server-url URL] [--notifications-url URL] [--tls-cert FILE --tls-key FILE] [--tui [--lang LANG]]")

    static let newKey: Option<String> = Option(
        "--new-key", "FILE", help: "make an in-app purchase key first, as keys create --out FILE does", reads: .path)
    static let serverURL: Option<String> = Option(
        "--server-url", "URL", help: "the app verifies its purchases with the outside server at URL, as server url URL does", reads: .httpURL)
    static let tlsCert: Option<String> = Option("--tls-cert", "FILE", help: "serve HTTPS with this certificate (PEM)", reads: .path)
    static let tlsKey: Option<String> = Option("--tls-key", "FILE", help: "the certificate's private key (PEM)", reads: .path)
    static let tui = Flag("--tui", help: "show the world served in the interactive interface, in this process")
    static let notificationsURL: Option<String> = Option(
        "--notifications-url", "URL", help: "turn notifications on and POST them to URL (http:// or https://)", reads: .httpURL)

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        if arguments[tui], !TerminalScreen.isAvailable {
            throw .input("storesim serve --tui: standard input and output must be a terminal; drop --tui to serve without the interface")
        }
        let address = try ListenOption.address(arguments[ListenOption.option], of: spec)
        let tls = try tlsFiles(certificate: arguments[tlsCert], key: arguments[tlsKey])
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        let store = try RunStore.store(arguments[Options.store], of: directory, api: arguments[Options.api])
        let (catalog, catalogBytes, _) = try CatalogResolver.resolve(option: arguments[Options.catalog], directory: directory)
        let lock = try Options.lock(directory, command: "storesim serve")
        try CatalogResolver.record(catalogBytes, in: directory)
        let world: World
        do {
            world = try World(directory: directory, catalog: catalog, seed: arguments[Options.worldSeed], store: store)
            if let api = arguments[Options.api] { try world.use(api) }
            if let url = arguments[serverURL] { try world.change(.serverURL(url)) { $0.serverURL = url } }
        } catch {
            throw .input(error.description)
        }
        if let url = arguments[notificationsURL] {
            do {
                try world.perform(.serverNotificationsURL(url))
                try world.perform(.serverNotifications(on: true))
            } catch {
                throw .input(error.description)
            }
        }
        if let path = arguments[newKey] {
            KeysCommand.describe(try KeysCommand.make(path, in: directory).key, app: catalog.app, file: path, json: false)
        }
        let keys: [APIKey]
        do {
            keys = try APIKeys.read(path: directory.storeDatabase)
        } catch {
            throw .input(error.description)
        }
        let showing = arguments[tui] ? ServedInterface(directory: directory, catalog: catalog, language: arguments[InteractiveCommand.lang]) : nil
        let session = ServeSession(world: world, keys: keys, print: showing?.print ?? Output.line,
                                   warn: showing?.warn ?? { Output.error("serve: " + $0) })
        let loop = ServeLoop(session: session)
        let server: HTTPServer
        do {
            server = try loop.start(address: address, tls: tls)
        } catch {
            throw .input(error.description)
        }
        if let token = world.playAccessToken {
            Output.line("package \(catalog.app.bundleId)  play access token \(token)")
        } else if keys.isEmpty { Output.error("serve: this world has no API key yet, so /inApps/ answers 401 to all: make one with --new-key FILE") }
        let url = "\(tls == nil ? "http" : "https")://\(server.address)"
        Output.line("storesim serve: listening on \(url)")
        if let showing {
            try showing.show(session, serving: url, loop: loop, server: server)
        } else {
            loop.run(server)
        }
        withExtendedLifetime(lock) {}
        return 0
    }

    /// The PEM texts of `--tls-cert` and `--tls-key`, both or neither.
    private static func tlsFiles(certificate: String?, key: String?) throws(CLIError) -> (key: String, certificate: String)? {
        switch (certificate, key) {
        case (nil, nil): return nil
        case (.some(let certificate), .some(let key)): return (try readPEM(key), try readPEM(certificate))
        default: throw .usage("--tls-cert and --tls-key go together: \(spec.usage)")
        }
    }

    private static func readPEM(_ path: String) throws(CLIError) -> String {
        let data: Data
        do {
            data = try InputFile.read(path: path, limit: 1 << 20)
        } catch {
            throw .input("\(path): cannot be read as a PEM file (\(error))")
        }
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN ") else {
            throw .input("\(path): is not PEM text (-----BEGIN …)")
        }
        return text
    }
}
