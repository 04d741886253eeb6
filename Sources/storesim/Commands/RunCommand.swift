import Foundation
import Glibc
import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

/// `storesim run`: runs scenario scripts in one world and prints the transcript.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Run scenario scripts in one world, printing every delivered message.",
        options: [
            dataDir,
            Options.catalog,
            Options.store,
            Options.api,
            Options.worldSeed,
            realCrash,
            Options.unsafeCache,
            connect,
        ] + RunReports.options,
        arguments: (name: "SCRIPT", minimum: 1, maximum: Int.max),
        details: """
            Scripts share one world, in order. Exit status: 0 when every expect held, 1 when one
            failed, 2 for a bad script, catalog or data directory. One command a line, # comments:

            """ + ScenarioVocabulary.helpText + "\n\n" + ScenarioVocabulary.playHelpText,
        run: run)

    /// `--data-dir` of a command that plays scripts: a fresh temporary world by default.
    static let dataDir: Option<String> = Option(
        "--data-dir", "DIR", help: "the world to run in (default: a fresh temporary one, removed afterwards)", reads: .path)
    static let connect: Option<String> = Option(
        "--connect", "URL", help: "run the scripts in the world a storesim serve holds at URL (http://127.0.0.1:8777)", reads: .path)
    static let realCrash = Flag("--real-crash", help: "a crash kills this process with SIGKILL instead of discarding the app")

    /// Checks every input (options, catalog, scripts) before it writes anything: a refused run
    /// leaves the data directory as it was.
    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        if let url = arguments[connect] {
            guard arguments[dataDir] == nil, arguments[Options.catalog] == nil, arguments[Options.api] == nil, arguments[Options.store] == nil,
                  arguments[Options.worldSeed] == nil, !arguments[realCrash], !arguments[Options.unsafeCache], !RunReports.asked(arguments) else {
                throw .usage("--connect runs in the served world as it is: it takes no other option: \(spec.usage)")
            }
            return try RemoteRun.run(url, scripts: arguments.positional)
        }
        let seed = arguments[Options.worldSeed]
        let api = arguments[Options.api]
        let given = Options.givenDataDirectory(arguments[dataDir])
        let (catalog, catalogBytes, catalogFile) = try CatalogResolver.resolve(option: arguments[Options.catalog], directory: given)
        let store = try RunStore.store(arguments[Options.store], of: given, api: api)
        let parser = ScenarioParser(catalog: catalog, store: store)
        var scripts: [(String, [ScenarioStep])] = []
        for path in arguments.positional {
            scripts.append((path, try parse(path, parser: parser, catalog: arguments[Options.catalog])))
        }
        let reports = try RunReports(arguments, scripts: arguments.positional, catalog: catalogFile, dataDirectory: given)
        return try Options.inDataDirectory(given) { directory throws(CLIError) in
            try runScripts(scripts, in: directory, temporary: given == nil, catalog: catalog, catalogBytes: catalogBytes, seed: seed,
                           api: api, store: store, reports: reports, arguments)
        }
    }

    /// Plays the checked scripts in `directory` and prints the expectations' tally.
    private static func runScripts(_ scripts: [(String, [ScenarioStep])], in directory: DataDirectory, temporary: Bool, catalog: Catalog,
                             catalogBytes: [UInt8]?, seed: UInt64?, api: StoreKitAPI?, store: StoreKind, reports: RunReports,
                             _ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let lock = try Options.lock(directory, command: "storesim run")
        try CatalogResolver.record(catalogBytes, in: directory)
        let print = { (line: String) in
            Output.line(line)
            reports.transcript(line)
        }
        let world: World
        let transcript = EventTranscript()
        do {
            world = try World(directory: directory, catalog: catalog, seed: seed, unsafeCache: arguments[Options.unsafeCache],
                              store: store, onEvent: { event in
                                  transcript.lines(event).forEach(print)
                                  reports.record(event)
                              })
        } catch {
            throw .input(error.description)
        }
        if let api {
            do {
                try world.use(api)
            } catch {
                throw .input(error.description)
            }
        }
        let runner = runner(world, print: print, reports: reports, realCrash: arguments[realCrash] ? directory : nil,
                            temporary: temporary)
        try play(scripts, runner, reports)
        try reports.write(runner)
        withExtendedLifetime(lock) {}
        Output.line("expectations: \(runner.metExpectations) met, \(runner.failedExpectations.count) failed")
        for failure in runner.failedExpectations {
            Output.error("expect failed: \(failure)")
        }
        return runner.failedExpectations.isEmpty ? 0 : 1
    }

    /// The runner of the world's scripts, printing with `print`; with `realCrash` (the world's
    /// directory) a crash kills the process, the reports written just before, and says what the
    /// next launch will show and how to see it; a `temporary` directory, which the killed process
    /// cannot remove, is named as kept.
    private static func runner(_ world: World, print: @escaping (String) -> Void, reports: RunReports,
                               realCrash directory: DataDirectory?, temporary: Bool) -> ScenarioRunner {
        let runner = ScenarioRunner(world: world, output: print)
        if let directory {
            world.crashMode = .realKill(beforeKill: { crash in
                let what = crash.english
                let next = (try? runner.readModel.view()).map(NextLaunch.init)
                let shows = next.map { "The next launch will show \($0.recovers) to recover and \($0.lost) lost. " } ?? ""
                let kept = temporary ? " (a temporary world, kept: remove it when done)" : ""
                print("storesim: \(what); the process is killed now (SIGKILL). \(shows)To see it: "
                      + NextLaunch.command(directory: directory.path, program: CommandLine.arguments[0]) + kept)
                writeReports(reports, runner, stoppedBy: "\(what); --real-crash kills the process here (SIGKILL): the lines after it did not run")
            })
        }
        return runner
    }

    /// Plays the scripts in order; an error stops the run, the reports still written with it.
    private static func play(_ scripts: [(String, [ScenarioStep])], _ runner: ScenarioRunner, _ reports: RunReports) throws(CLIError) {
        do {
            for (path, steps) in scripts {
                reports.begin(script: path, runner)
                try runner.run(steps, file: path)
            }
        } catch {
            writeReports(reports, runner, stoppedBy: error.description)
            throw .input(error.description)
        }
    }

    /// The reports of a run that stops with `problem`; a report that cannot be written is said
    /// in its own line, before the run's error.
    private static func writeReports(_ reports: RunReports, _ runner: ScenarioRunner, stoppedBy problem: String) {
        do {
            try reports.write(runner, stoppedBy: problem)
        } catch {
            Output.error("error: \(error.description)")
        }
    }

    private static func parse(_ path: String, parser: ScenarioParser, catalog option: String?) throws(CLIError) -> [ScenarioStep] {
        let text = try readScript(path)
        do {
            return try parser.parse(text, file: path)
        } catch {
            throw .input(CatalogHint.line(error, script: path, catalog: option))
        }
    }

    /// A script's text, refused in one line when it is missing, too large or not UTF-8.
    static func readScript(_ path: String) throws(CLIError) -> String {
        let data: Data
        do {
            data = try InputFile.read(path: path, limit: maxScriptSize)
        } catch {
            switch error {
            case .missing: throw .input("\(path): no such file")
            case .directory: throw .input("\(path): is a directory, not a script")
            case .nothingFrom(let kind): throw .input("\(path): is \(kind) that gave nothing (nobody writes to it); a script is read from it only when something does")
            case .unreadable(let reason): throw .input("\(path): cannot be read (\(reason))")
            case .tooLarge: throw .input("\(path): too large to be a scenario script (over 1 MiB)")
            }
        }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw .input("\(path): is UTF-16 text; save the script as UTF-8")
        }
        if let line = firstLineNotUTF8(data) {
            throw .input("\(path): line \(line): not UTF-8 text; a script is plain text")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The largest script `run` reads: 1 MiB.
    private static let maxScriptSize = 1 << 20

    /// The line of the first byte in `data` that is not UTF-8, or nil when it all is.
    private static func firstLineNotUTF8(_ data: Data) -> Int? {
        var decoder = UTF8()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }
}
