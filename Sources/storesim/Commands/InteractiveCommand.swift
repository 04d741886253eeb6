import Foundation
import Glibc
import IAPCore
import ReadSide
import StoreTUI
import Terminal
import WorldCore

/// `storesim` with no subcommand: the interactive terminal interface on the data directory.
enum InteractiveCommand {
    static let spec = CommandSpec(
        name: "",
        summary: "Open the interactive terminal interface.",
        options: [
            Options.dataDir,
            Options.catalog,
            strategy,
            Options.store,
            Options.api,
            crashAt,
            lang,
            Options.worldSeed,
            Options.unsafeCache,
        ],
        arguments: nil,
        details: "Keys: " + TUIKeys.summary + ".",
        run: run)

    /// `--strategy`, in the App Store's words or Google Play's (the world's store's, `StoreWord`).
    static let strategy: Option<StoreWord<Strategy>> = Option(
        "--strategy", "NAME",
        help: "the app's strategy: \(Strategy.allCases.map(\.rawValue).joined(separator: ", ")); on Google Play: "
            + Strategy.allCases.map { $0.word(on: .play) }.joined(separator: ", "),
        reads: .choice(of: "strategy", StoreWord.choices(Strategy.allCases) { $0.word(on: $1) }, listing: .nearWords))
    /// `--crash-at`, in the App Store's words or Google Play's (the world's store's).
    static let crashAt: Option<StoreWord<CrashPoint>> = Option(
        "--crash-at", "POINT",
        help: "arm a crash point: \(CrashPoint.allCases.map(\.rawValue).joined(separator: ", ")); on Google Play: "
            + CrashPoint.allCases.map { $0.word(on: .play) }.joined(separator: ", "),
        reads: .choice(of: "crash point", StoreWord.choices(CrashPoint.allCases) { $0.word(on: $1) }, listing: .nearWords))
    /// `--lang`: the product language, as the locale it names.
    static let lang: Option<String> = Option(
        "--lang", "LANG", help: "en or zh-Hans (default: the catalog's _locale, else from LC_ALL, LC_MESSAGES or LANG)",
        reads: .choice(of: "language", [(words: ["en", "en_US", "en-US"], value: "en_US"),
                                        (words: ["zh-Hans", "zh", "zh_CN", "zh-CN"], value: "zh_CN")],
                       listing: .spelled(lead: "; expected ")))

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        try present(arguments, in: Options.dataDirectory(arguments[Options.dataDir]), script: nil)
    }

    /// Opens the interface on the data directory; with a script, plays it in step mode and a
    /// crash discards the app in this process, so the play goes on to the script's next step.
    static func present(_ arguments: ParsedArguments, in directory: DataDirectory, script: String?) throws(CLIError) -> Int32 {
        let api = arguments[Options.api]
        let store = try RunStore.store(arguments[Options.store], of: directory, api: api)
        let strategy = try arguments[Self.strategy]?.value(on: store, option: "--strategy")
        let crashPoint = try arguments[crashAt]?.value(on: store, option: "--crash-at")
        let seed = arguments[Options.worldSeed]
        let (catalog, catalogBytes, _) = try CatalogResolver.resolve(option: arguments[Options.catalog], directory: directory)
        let locale = arguments[lang] ?? self.locale(of: catalog)
        let playback = try script.map { path throws(CLIError) in
            try PlayCommand.playback(path, catalog: catalog, store: store, option: arguments[Options.catalog])
        }
        let terminal: TerminalScreen
        do {
            terminal = try TerminalScreen.open(colour: ColourSupport.wanted)
        } catch {
            throw .input(error.description)
        }
        let (lock, world, history) = try open(directory, catalog: catalog, recording: catalogBytes, seed: seed, store: store,
                                              unsafeCache: arguments[Options.unsafeCache], closingOnError: terminal)
        let readModel = ReadModel(world)
        if playback == nil {
            world.crashMode = .realKill(beforeKill: { crash in
                terminal.close()
                let next = (try? readModel.view()).map(NextLaunch.init) ?? NextLaunch(recovers: 0, lost: 0)
                Output.line(Language(locale: locale).realCrashLine(crash, next: next, command: NextLaunch.command(directory: directory.path, program: CommandLine.arguments[0])))
            })
        }
        do {
            if let strategy {
                try world.change(.strategy(strategy)) { $0.strategy = strategy }
            }
            if let api {
                try world.use(api)
            }
            if let crashPoint {
                try world.arm(crashPoint)
            }
            try TUIApp(readModel: readModel, terminal: terminal, locale: locale, history: history, playback: playback).run()
        } catch {
            terminal.close()
            throw .input(error.description)
        }
        terminal.close()
        withExtendedLifetime(lock) {}
        return 0
    }

    /// Takes the data directory's lock, records the catalog and opens the world with its recent
    /// timeline; on any failure the terminal is restored before the error line.
    private static func open(_ directory: DataDirectory, catalog: Catalog, recording catalogBytes: [UInt8]?, seed: UInt64?,
                             store: StoreKind, unsafeCache: Bool, closingOnError terminal: TerminalScreen) throws(CLIError)
        -> (WriterLock, World, [Event]) {
        do {
            let lock = try Options.lock(directory, command: "storesim, the interactive interface")
            try CatalogResolver.record(catalogBytes, in: directory)
            let world = try World(directory: directory, catalog: catalog, seed: seed, unsafeCache: unsafeCache, store: store)
            return (lock, world, try EventLog.readLast(TUIState.timelineLimit, path: directory.events))
        } catch let error as CLIError {
            terminal.close()
            throw error
        } catch let error as WorldError {
            terminal.close()
            throw .input(error.description)
        } catch {
            terminal.close()
            throw .input("\(error)")
        }
    }

    /// The product language without `--lang`: the catalog's (an Xcode file's `_locale`), else
    /// the environment's.
    static func locale(of catalog: Catalog) -> String {
        if let locale = catalog.settings.locale {
            return locale
        }
        let environment = ProcessInfo.processInfo.environment
        let language = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return language.hasPrefix("zh") ? "zh_CN" : "en_US"
    }
}
