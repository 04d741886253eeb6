import Foundation
import IAPCore
import WorldCore

/// The options several subcommands share, declared once, and helpers for what they name.
enum Options {
    static let dataDir: Option<String> = Option(
        "--data-dir", "DIR", help: "the data directory (default: $STORESIM_DATA_DIR, $XDG_STATE_HOME/storesim, ~/.local/state/storesim)", reads: .path)
    static let unsafeCache = Flag("--unsafe-cache", help: "TEACHING AID: the app's cache skips fsync, so a power cut can lose what a crash cannot")
    static let json = Flag("--json", help: "print one JSON object")
    /// The flags every command knows, beside its own options: they show the command's help.
    static let help = ["--help", "-h"].map { Flag($0, help: "show this help") }
    /// `--catalog`: the catalog file to read instead of the recorded or the project's one.
    static let catalog: Option<String> = Option("--catalog", "FILE", help: "the product catalog", reads: .path)

    /// The data directory `option` (the `--data-dir` given) names, else the environment's.
    static func dataDirectory(_ option: String?) -> DataDirectory {
        DataDirectory.resolve(option: option, environment: ProcessInfo.processInfo.environment)
    }

    /// The directory `option` (the `--data-dir` given) names, or nil when the option is not given
    /// (the world is then a fresh one: see `inDataDirectory`).
    static func givenDataDirectory(_ option: String?) -> DataDirectory? {
        option.map { _ in dataDirectory(option) }
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

    /// `--seed N` with its command's help line: a whole number a world's keys or a session's
    /// runs are derived from.
    static func seed(help: String) -> Option<UInt64> {
        Option("--seed", "N", help: help, reads: .whole(from: 0, to: .max))
    }

    /// `--strategy NAME` with its command's help line: one of the app's strategies.
    static func strategy(help: String) -> Option<Strategy> {
        Option("--strategy", "NAME", help: help, reads: .cases(of: "strategy"))
    }

    /// `--seed` of a command that makes a world: without it, a new world's keys are random.
    static let worldSeed = seed(help: "derive a new world's keys from N: public test keys, for byte-identical runs (default: random keys)")

    /// `--store`: the store a new world sells on.
    static let store = store(help: "the store a new world sells on: appstore (default) or play (Google Play); a world keeps its store")

    /// `--store STORE` with its command's help line: the App Store or Google Play.
    static func store(help: String) -> Option<StoreKind> {
        Option("--store", "STORE", help: help, reads: .cases(of: "store", listing: .spelled(lead: "; expected ")))
    }

    /// `--api`: the StoreKit generation the app uses.
    static let api: Option<StoreKitAPI> = Option(
        "--api", "API", help: "the app's StoreKit generation: storekit1 (default) or storekit2",
        reads: .cases(of: "StoreKit API", listing: .spelled(lead: "; expected ")))

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
