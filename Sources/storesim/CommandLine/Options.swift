import Foundation
import IAPCore
import Simulator

/// Helpers for the options several subcommands share.
enum Options {
    static let dataDir = OptionSpec(name: "--data-dir", value: "DIR", help: "the data directory (default: $STORESIM_DATA_DIR, $XDG_STATE_HOME/storesim, ~/.local/state/storesim)")
    static let unsafeCache = OptionSpec(name: "--unsafe-cache", value: nil, help: "TEACHING AID: the app's cache skips fsync, so a power cut can lose what a crash cannot")
    static let json = OptionSpec(name: "--json", value: nil, help: "print one JSON object")
    /// The flags every command knows, beside its own options: they show the command's help.
    static let help = ["--help", "-h"].map { OptionSpec(name: $0, value: nil, help: "show this help") }

    static func dataDirectory(_ arguments: ParsedArguments) -> DataDirectory {
        DataDirectory.resolve(option: arguments.value("--data-dir"), environment: ProcessInfo.processInfo.environment)
    }

    /// The directory `--data-dir` names, or nil when the option is not given (the world is then
    /// a fresh one: see `inDataDirectory`).
    static func givenDataDirectory(_ arguments: ParsedArguments) -> DataDirectory? {
        arguments.value("--data-dir").map { _ in dataDirectory(arguments) }
    }

    /// Runs `body` in `given`, or in a fresh temporary directory removed when it returns.
    static func inDataDirectory<Result>(_ given: DataDirectory?,
                                        _ body: (DataDirectory) throws(CLIError) -> Result) throws(CLIError) -> Result {
        if let given { return try body(given) }
        let directory: DataDirectory
        do {
            directory = try DataDirectory.temporary()
        } catch {
            throw .input(error.description)
        }
        defer { directory.removeTemporary() }
        return try body(directory)
    }

    /// The number `--seed` gives, or nil when the option is not given.
    static func seed(_ arguments: ParsedArguments) throws(CLIError) -> UInt64? {
        guard let text = arguments.value("--seed") else { return nil }
        guard let seed = UInt64(text) else { throw .usage("--seed needs a whole number from 0 to \(UInt64.max), not '\(text)'") }
        return seed
    }

    /// The strategy `--strategy` names, or nil when the option is not given.
    static func strategy(_ arguments: ParsedArguments) throws(CLIError) -> Strategy? {
        try arguments.value("--strategy").map { text throws(CLIError) -> Strategy in
            guard let strategy = Strategy(rawValue: text) else {
                throw .usage("unknown strategy '\(text)'" + NearWords(text, among: Strategy.allCases.map(\.rawValue)).hint)
            }
            return strategy
        }
    }

    /// `--seed` of a command that makes a world: without it, a new world's keys are random.
    static let worldSeed = OptionSpec(name: "--seed", value: "N",
                                      help: "derive a new world's keys from N: public test keys, for byte-identical runs (default: random keys)")

    /// `--api`: the StoreKit generation the app uses.
    static let api = OptionSpec(name: "--api", value: "API", help: "the app's StoreKit generation: storekit1 (default) or storekit2")

    /// The StoreKit generation `--api` names, or nil when the option is not given.
    static func api(_ arguments: ParsedArguments) throws(CLIError) -> StoreKitAPI? {
        try arguments.value("--api").map { text throws(CLIError) -> StoreKitAPI in
            guard let api = StoreKitAPI(rawValue: text) else { throw .usage("unknown StoreKit API '\(text)'; expected storekit1 or storekit2") }
            return api
        }
    }

    /// Refuses a data directory where something other than a regular file stands in place of
    /// one of StoreSim's files; reads only, for the commands that only read.
    static func checkFiles(_ directory: DataDirectory) throws(CLIError) {
        do {
            try directory.checkFiles(for: .reading)
        } catch {
            throw .input(error.description)
        }
    }

    /// Creates the directory (refusing what `DataDirectory.checkFiles` refuses) and takes its
    /// writer lock.
    static func lock(_ directory: DataDirectory, command: String) throws(CLIError) -> WriterLock {
        do {
            try directory.create()
            return try WriterLock(directory: directory, command: command)
        } catch {
            throw .input(error.description)
        }
    }
}
