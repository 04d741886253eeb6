import Drivers
import Foundation
import IAPCore

/// `storesim chaos`: random runs with crashes and faults, each audited; failures shrunk to a script.
enum ChaosCommand {
    static let spec = CommandSpec(
        name: "chaos",
        summary: "Random runs with crashes and faults, each ending in the audit; failures shrunk to a script.",
        options: [
            runs,
            seed,
            Options.store,
            strategy,
            Options.api,
            Options.catalog,
            serverURL,
            notificationsURL,
            Options.dataDir,
            ListenOption.option,
        ],
        arguments: nil,
        details: """
            On a failure it writes the shortest failing script it found to chaos-repro.scenario in
            the current directory (so that 'storesim run chaos-repro.scenario' fails again),
            prints its path and exits 1.
            --server-url URL judges the runs against your backend at URL, as the built-in Server
            is judged: the app sends its purchases to POST URL/storesim/verify, the audit reads
            GET URL/storesim/credits. The runs are made one at a time, each in a world with the
            identity (keys, root certificate, API keys, catalog) of the world in --data-dir, which
            is only read, and transaction ids of its own, drawn for the session: the audit of a run
            judges only the credits of its ids. Chaos answers your backend's App Store Server API
            calls for the run in progress on --listen ADDR:PORT (default 127.0.0.1:8777, where
            `storesim serve` listens; stop serve first). Notifications stay off unless
            --notifications-url URL says where the runs that draw them on POST them. The repro
            script starts with `server url URL`.
            --store play makes every run in a fresh Google Play world with its notifications on
            (Real-time developer notifications through Pub/Sub), drawing only the commands of
            Play's worlds, in Google's words: strategies such as server-acknowledges (Google's
            recommendation), pending payments and slow test cards, Pub/Sub's modes, refunds, the
            Voided Purchases API, the app in the background. Every Server outage and network
            outage a run draws ends before three days of simulated time, past which Google Play
            refunds what nobody acknowledged whatever the app does. A run fails when the Play
            audit is not ok (auto-refunded counts); its repro replays with
            'storesim run --store play chaos-repro.scenario'. With --server-url, --data-dir holds
            the Play world your backend was set up for: chaos answers Google Play's Developer API
            for its access token, each run's order ids and purchase tokens are its own, and
            --notifications-url (required) is where Pub/Sub pushes every run's notifications.
            """,
        run: run,
        synopsis: "storesim chaos [--runs N] [--seed N] [--store STORE] [--strategy NAME] [--api API] [--catalog FILE] "
            + "[--server-url URL [--notifications-url URL] [--data-dir DIR] [--listen ADDR:PORT]]")

    static let runs: Option<Int> = Option("--runs", "N", help: "how many runs (default 200)", reads: .whole(from: 1, to: maxRuns))
    static let seed = Options.seed(help: "the session's seed (default 1)")
    /// `--strategy`, in either store's words: the word's store must be the runs' (`StoreWord`).
    static let strategy: Option<StoreWord<Strategy>> = Option(
        "--strategy", "NAME", help: "the app's strategy (default verify-then-finish; on Google Play in Google's words, default verify-then-acknowledge)",
        reads: .choice(of: "strategy", StoreWord.choices(Strategy.allCases) { $0.word(on: $1) }, listing: .nearWords))

    static let reproFile = "chaos-repro.scenario"

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let runs = arguments[Self.runs] ?? ChaosRunner.defaultRuns
        let seed = arguments[Self.seed] ?? 1
        let store = arguments[Options.store] ?? .appStore
        let strategy = try arguments[Self.strategy]?.value(on: store, option: "--strategy") ?? .verifyThenFinish
        let api = arguments[Options.api]
        if store == .play, api != nil {
            throw .usage("--api chooses a StoreKit generation: a world that sells on Google Play has none")
        }
        let directory = arguments[serverURL] == nil ? nil : Options.dataDirectory(arguments[Options.dataDir])
        let (catalog, _, catalogFile) = try CatalogResolver.resolve(option: arguments[Options.catalog], directory: directory)
        let path = FileManager.default.currentDirectoryPath + "/" + reproFile
        try refuseAsRepro(catalogFile, path: path)
        let backend = try backend(arguments, catalog: catalog, store: store)
        defer { backend?.host.stop() }
        let runner = ChaosRunner(catalog: catalog, strategy: strategy, api: api, seed: seed, backend: backend?.backend, store: store)
        // Against a backend a run takes as long as the backend does: progress every ten runs.
        let step = backend == nil ? max(100, runs / 10) : 10
        let summary: ChaosRunner.Summary
        do {
            summary = try runner.run(runs: runs) { done, sofar in
                if runs >= 200 || backend != nil, done % step == 0, done < runs {
                    Output.line("… \(done)/\(runs) runs, \(sofar.failingSeeds.count) failing, \(String(format: "%.1f", sofar.runsPerSecond)) runs/s")
                }
            }
        } catch {
            throw .input(error.description)
        }
        report(summary, strategy: strategy, api: api, seed: seed, backend: backend?.backend, store: store)
        guard let repro = summary.repro else { return 0 }
        let replay = "storesim run --store play \(reproFile)"
        let text = reproHeader(summary, strategy: strategy, seed: seed, store: store, replay: replay)
            + "# shrunk to the commands that still make the audit fail\n" + repro.joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw .input("\(path): cannot write the repro script")
        }
        Output.line("repro (\(repro.count) lines) written to \(path):")
        repro.forEach { Output.line("  " + $0) }
        if store == .play { Output.line("replay: " + replay) }
        return 1
    }

    /// The repro script's first line: on Google Play, the command that replays it first.
    private static func reproHeader(_ summary: ChaosRunner.Summary, strategy: Strategy, seed: UInt64, store: StoreKind, replay: String) -> String {
        let run = "session seed \(seed), run seed \(summary.failingSeeds[0])"
        guard store == .appStore else {
            return "# chaos repro: \(replay) (Google Play); strategy \(strategy.word(on: .play)), notifications on, \(run)\n"
        }
        let switches = summary.reproSwitches.map { ($0.api == .storekit1 ? "" : ", api \($0.api.rawValue)") + ($0.notifications ? ", notifications on" : "") } ?? ""
        return "# chaos repro: strategy \(strategy.rawValue)\(switches), \(run)\n"
    }

    /// Refuses a catalog that is the file a failure's repro script would replace.
    private static func refuseAsRepro(_ catalog: String?, path: String) throws(CLIError) {
        var inputs = TakenFiles()
        inputs.take(catalog.map { [$0] } ?? [], as: "the catalog")
        guard let what = inputs.what(path) else { return }
        throw .input("\(path): is \(what), and chaos writes the repro script of a failure there; name another catalog")
    }

    private static func report(_ summary: ChaosRunner.Summary, strategy: Strategy, api: StoreKitAPI?, seed: UInt64, backend: ChaosBackend?,
                               store: StoreKind) {
        let apiText = if store == .play {
            ", store play (Google Play, notifications on in every run)"
        } else {
            switch api {
            case .storekit1: ""
            case .storekit2: ", api storekit2 (notifications on in \(summary.notifiedRuns) runs)"
            case nil: ", api drawn (storekit2 in \(summary.storeKit2Runs) runs), notifications on in \(summary.notifiedRuns) runs"
            }
        }
        Output.line("chaos: \(summary.runs) runs in \(String(format: "%.1f", summary.seconds)) s (\(String(format: "%.1f", summary.runsPerSecond)) runs/s), strategy \(strategy.word(on: store))\(apiText), seed \(seed)")
        if let backend, store == .play {
            Output.line("outside server \(backend.url): one run at a time, each world's Google Play order ids and purchase tokens its own; "
                        + "Real-time developer notifications pushed to \(backend.notificationsURL ?? "")")
            Output.line("credited by the outside server: \(summary.credited) of the \(summary.purchases) purchases")
        } else if let backend, let first = backend.transactionIds(0) {
            Output.line("outside server \(backend.url): one run at a time, each world's transaction ids its own, from \(first.first) on, "
                        + "\(ChaosBackend.idsPerWorld) a world; notifications " + (backend.notificationsURL.map { "to \($0) in the runs that turn them on" } ?? "off"))
            Output.line("credited by the outside server: \(summary.credited) of the \(summary.purchases) purchases")
        }
        Output.line("purchases \(summary.purchases)  crashes \(summary.statistics.crashes)  recoveries \(summary.statistics.recovered)  duplicates suppressed \(summary.statistics.duplicatesSuppressed)")
        Output.line("failing runs: \(summary.failingSeeds.count)")
        for failing in summary.failingSeeds.prefix(20) {
            let why = summary.overchargedSeeds.contains(failing) ? "overcharged"
                : summary.overRefundedSeeds.contains(failing) ? "refunded more than charged" : "audit not ok"
            Output.line("  \(why): run seed \(failing)" + (summary.notOkReasons[failing].map { " (\($0))" } ?? ""))
        }
        if summary.failingSeeds.count > 20 {
            Output.line("  … and \(summary.failingSeeds.count - 20) more")
        }
    }

    /// The most runs one `chaos` makes.
    static let maxRuns = 10_000_000
}
