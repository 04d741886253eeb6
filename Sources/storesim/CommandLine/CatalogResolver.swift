import Foundation
import IAPCore
import Storage
import WorldCore

/// Finds the catalog: `--catalog`, else the one recorded in the data directory (for commands
/// that have one), else the project's `catalog.json`, else the one built into the binary.
enum CatalogResolver {
    /// The catalog; the bytes of the `--catalog` file when one was given, for a writer to
    /// `record` once every input has been checked and the lock is taken; and the file it was read
    /// from, nil for the built-in one. Reads only.
    static func resolve(option: String?, directory: DataDirectory?) throws(CLIError)
        -> (catalog: Catalog, given: [UInt8]?, file: String?) {
        if let option {
            do {
                let data = try CatalogParser.read(path: option)
                return (try CatalogParser.parse(data, file: option), Array(data), option)
            } catch {
                throw .input(error.description)
            }
        }
        if let directory, let recorded = try readRecorded(directory.catalog) {
            return (try parse(recorded, file: directory.catalog), nil, directory.catalog)
        }
        if let project = projectCatalogPath() {
            do {
                return (try CatalogParser.load(path: project), nil, project)
            } catch {
                throw .input(error.description)
            }
        }
        return (BuiltInCatalog.catalog(), nil, nil)
    }

    /// Keeps a `--catalog` file's bytes in the data directory, for the runs after this one.
    static func record(_ given: [UInt8]?, in directory: DataDirectory) throws(CLIError) {
        guard let given else { return }
        do {
            try DurableFile.write(given, to: directory.catalog)
        } catch {
            throw .input(error.description)
        }
    }

    /// The catalog recorded in a data directory: a regular file, read without following a link.
    private static func readRecorded(_ path: String) throws(CLIError) -> [UInt8]? {
        do {
            return try DurableFile.read(path)
        } catch {
            throw .input(error.description)
        }
    }

    private static func parse(_ bytes: [UInt8], file: String) throws(CLIError) -> Catalog {
        do {
            return try CatalogParser.parse(Data(bytes), file: file)
        } catch {
            throw .input(error.description)
        }
    }

    /// The project's `catalog.json`: beside a `Package.swift` in the working directory or in a
    /// folder above the executable (where `swift build` puts it).
    static func projectCatalogPath() -> String? {
        var candidates = [FileManager.default.currentDirectoryPath]
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.path)
            folder = folder.deletingLastPathComponent()
        }
        for candidate in candidates {
            let catalog = candidate + "/catalog.json"
            if FileManager.default.fileExists(atPath: candidate + "/Package.swift"),
               FileManager.default.fileExists(atPath: catalog) {
                return catalog
            }
        }
        return nil
    }
}
