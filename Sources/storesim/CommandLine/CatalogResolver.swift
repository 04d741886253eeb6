import Foundation
import IAPCore
import Simulator
import Storage

/// Finds the catalog: `--catalog`, else the one recorded in the data directory (for commands
/// that have one), else the
/// project's `catalog.json`, else the one built into the binary.
enum CatalogResolver {
    static func resolve(option: String?, directory: DataDirectory?, record: Bool) throws(CLIError) -> Catalog {
        if let option {
            let data: Data
            let catalog: Catalog
            do {
                data = try CatalogParser.read(path: option)
                catalog = try CatalogParser.parse(data, file: option)
            } catch {
                throw .input(error.description)
            }
            if record, let directory {
                try recordCopy(Array(data), in: directory)
            }
            return catalog
        }
        if let directory, FileManager.default.fileExists(atPath: directory.catalog) {
            return try load(directory.catalog)
        }
        if let project = projectCatalogPath() {
            return try load(project)
        }
        return BuiltInCatalog.catalog()
    }

    private static func load(_ path: String) throws(CLIError) -> Catalog {
        do {
            return try CatalogParser.load(path: path)
        } catch {
            throw .input(error.description)
        }
    }

    private static func recordCopy(_ bytes: [UInt8], in directory: DataDirectory) throws(CLIError) {
        do {
            try directory.create()
            try DurableFile.write(bytes, to: directory.catalog)
        } catch let error as WorldError {
            throw .input(error.description)
        } catch {
            throw .input("\(error)")
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
