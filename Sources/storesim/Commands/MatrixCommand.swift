import Drivers
import Foundation
import Glibc
import IAPCore
import WorldCore

/// `storesim matrix`: every strategy crashed at every point, each a real run.
enum MatrixCommand {
    static let spec = CommandSpec(
        name: "matrix",
        summary: "Crash every strategy at every point (and under server faults) and show which lose money.",
        options: [Options.json, store, Options.api, Options.unsafeCache,
                  realCrash],
        arguments: nil,
        details: """
            Each cell is a real run in a fresh world: one consumable purchase crashed at that
            point (or with the Server down / its reply lost, then a crash), a relaunch, the audit.
            With --store play each cell runs on both stores, the App Store's outcome beside Google
            Play's, and Google Play's own trials follow: a crash, four days with the app closed
            (past the three days to acknowledge), a launch; without and with notifications.
            """,
        run: run)

    static let store = Options.store(help: "appstore (default: the App Store's matrix) or play (each cell on both stores, side by side)")
    static let realCrash = Flag("--real-crash", help: "run each cell as real processes: one killed by SIGKILL, one relaunching, one auditing")

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let catalog = try CatalogResolver.resolve(option: nil, directory: nil).catalog
        let unsafeCache = arguments[Options.unsafeCache]
        if arguments[store] == .play {
            return try runBothStores(arguments, catalog: catalog, unsafeCache: unsafeCache)
        }
        let api = arguments[Options.api] ?? .storekit1
        let matrix: StrategyMatrix
        if arguments[realCrash] {
            matrix = try RealCrashMatrix.run(api: api, unsafeCache: unsafeCache)
        } else {
            do {
                matrix = try StrategyMatrix.run(catalog: catalog, api: api, unsafeCache: unsafeCache)
            } catch {
                throw .input(error.description)
            }
        }
        if arguments[Options.json] {
            Output.line(MatrixText.json(matrix).rendered)
        } else {
            MatrixText.table(matrix, colour: ColourSupport.standardOutputWantsColour).forEach(Output.line)
        }
        return 0
    }

    /// `matrix --store play`: every cell on the App Store and on Google Play, side by side.
    private static func runBothStores(_ arguments: ParsedArguments, catalog: Catalog, unsafeCache: Bool) throws(CLIError) -> Int32 {
        if arguments[Options.api] != nil {
            throw .usage("--api chooses a StoreKit generation: a world that sells on Google Play has none")
        }
        if arguments[realCrash] {
            throw .usage("--real-crash runs the App Store's matrix only: it does not go with --store play")
        }
        let matrix: PlayMatrix
        do {
            matrix = try PlayMatrix.run(catalog: catalog, unsafeCache: unsafeCache)
        } catch {
            throw .input(error.description)
        }
        if arguments[Options.json] {
            Output.line(PlayMatrixText.json(matrix).rendered)
        } else {
            PlayMatrixText.table(matrix, colour: ColourSupport.standardOutputWantsColour).forEach(Output.line)
        }
        return 0
    }
}

/// Whether output should be coloured: not when `NO_COLOR` is set or the terminal is dumb.
enum ColourSupport {
    static var wanted: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// Colour for standard output: wanted, and standard output is a terminal.
    static var standardOutputWantsColour: Bool {
        wanted && isatty(1) == 1
    }
}
