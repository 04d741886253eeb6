import IAPCore
import ReadSide
import Storage
import StoreEngine
import WorldCore

/// `storesim keys create --out FILE`: a new in-app purchase key the world's App Store Server API
/// accepts, written as Apple's `.p8` (PKCS#8 PEM), its public half kept in the world.
enum KeysCommand {
    static let spec = CommandSpec(
        name: "keys",
        summary: "Make an in-app purchase key (a .p8) that the world's App Store Server API accepts.",
        options: [Options.dataDir, out, Options.json],
        arguments: (name: "create", minimum: 1, maximum: 1),
        details: """
            create makes a P-256 key, writes it to FILE as PKCS#8 PEM (mode 0600), as Apple's .p8,
            and keeps its key id, the world's issuer id and its public key in store.sqlite (never
            the private key). Prints the key id, the issuer id, the app's bundle id and App Apple
            ID. FILE must not exist: nothing is overwritten. A world's keys are random, unless the
            world was made with an explicit --seed: then they are derived from it, the same in
            every world of that seed (public test keys). Needs a world; takes its writer lock.
            """,
        run: run,
        synopsis: "storesim keys create [--data-dir DIR] --out FILE [--json]")

    static let out: Option<String> = Option("--out", "FILE", help: "create: the new key file (.p8) to write", reads: .path)

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        guard arguments.positional[0] == "create" else {
            throw .usage("unknown action '\(arguments.positional[0])'; expected create: \(spec.usage)")
        }
        guard let path = arguments[out], !path.isEmpty else { throw .usage("keys create needs --out FILE: \(spec.usage)") }
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        guard (try? directory.requireWorld()) != nil, (try? FileKind.at(directory.storeDatabase)) == .regular else {
            throw .input("no world in \(directory.path); make one first (storesim run or storesim play)")
        }
        let catalog = try CatalogResolver.resolve(option: nil, directory: directory).catalog
        let lock = try Options.lock(directory, command: "storesim keys create")
        let made = try make(path, in: directory)
        withExtendedLifetime(lock) {}
        describe(made.key, app: catalog.app, file: path, json: arguments[Options.json])
        return 0
    }

    /// Makes a key for the world in `directory` (whose lock the caller holds) and writes its
    /// private half to `path`, refused in one line where `check` refuses the path.
    static func make(_ path: String, in directory: DataDirectory) throws(CLIError) -> NewAPIKey {
        try check(path, directory: directory)
        do {
            return try APIKeys.create(path: directory.storeDatabase) { (key) throws(StorageError) in
                try DurableFile.writeNew(Array(key.privateKeyPEM.utf8), to: path, mode: 0o600)
            }
        } catch {
            throw .input(error.description)
        }
    }

    /// Prints what a client of the API needs of `key`: its id, the issuer, the app's ids, the file.
    static func describe(_ key: APIKey, app: AppIdentity, file path: String, json: Bool) {
        if json {
            Output.line(JSONText.object([
                ("keyId", .string(key.keyId)), ("issuerId", .string(key.issuerId)),
                ("bundleId", .string(app.bundleId)), ("appAppleId", .int(Int(app.appAppleId))),
                ("file", .string(path)),
            ]).rendered)
        } else {
            Output.line("key \(key.keyId)  issuer \(key.issuerId)  written to \(path)")
            Output.line("app \(app.bundleId)  App Apple ID \(app.appAppleId)")
        }
    }

    /// Refuses a key path where anything stands already (a file, a symbolic link, a folder), whose
    /// folder is missing, or that is one of the data directory's own files; reads only.
    private static func check(_ path: String, directory: DataDirectory) throws(CLIError) {
        do throws(StorageError) {
            _ = try DurableFile.resolvingFolder(of: path, reportingAs: path)
            guard try FileKind.at(path) == .missing else {
                throw StorageError(path: path, problem: "already exists; keys create writes a new file and overwrites none")
            }
        } catch {
            throw .input(error.description)
        }
        var taken = TakenFiles()
        taken.take(directory.files, as: "one of the data directory's own files")
        if let what = taken.what(path) { throw .input("\(path): is \(what); name another file for the key") }
    }
}
