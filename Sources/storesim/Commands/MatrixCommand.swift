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
        options: [Options.json, Options.api, Options.unsafeCache,
                  realCrash],
        arguments: nil,
        details: """
            Each cell is a real run in a fresh world: one consumable purchase crashed at that
            point (or with the Server down / its reply lost, then a crash), a relaunch, the audit.
            """,
        run: run)

    static let realCrash = Flag("--real-crash", help: "run each cell as real processes: one killed by SIGKILL, one relaunching, one auditing")

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let catalog = try CatalogResolver.resolve(option: nil, directory: nil).catalog
        let unsafeCache = arguments[Options.unsafeCache]
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
