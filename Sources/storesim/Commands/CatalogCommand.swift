import Foundation
import IAPCore

/// `storesim catalog check FILE` and `storesim catalog convert FILE --to json|storekit`: what
/// StoreSim reads in a catalog file, and the file in the other format.
enum CatalogCommand {
    static let spec = CommandSpec(
        name: "catalog",
        summary: "Check a catalog file, or convert it between catalog.json and Xcode's .storekit.",
        options: [to],
        arguments: (name: "check|convert FILE", minimum: 2, maximum: 2),
        details: """
            A catalog is StoreSim's catalog.json or an Xcode StoreKit configuration file (.storekit,
            format versions 1 to 5), recognised by its content. check prints the products as
            StoreSim reads them (type, price in the storefront's currency, period, group and level,
            offers, localizations), the file's settings and what each does in StoreSim, and the keys
            it ignored, each with its JSON path; exit 0, or 2 with one error line. convert writes
            the file in the other format on stdout and says on stderr what it left out or filled in.
            """,
        run: run,
        synopsis: "storesim catalog check FILE | storesim catalog convert FILE --to json|storekit")

    static let to: Option<Format> = Option(
        "--to", "json|storekit", help: "convert: the format written on stdout",
        reads: .cases(of: "format", listing: .spelled(lead: "; expected ", namingOption: true)))

    /// What `--to` names: the format `convert` writes.
    enum Format: String, CaseIterable {
        case json, storekit
    }

    /// What the command does with the file, its first argument.
    enum Action: String, CaseIterable {
        case check, convert
    }

    static let action: ValueReader<Action> = .cases(of: "action", listing: .spelled(lead: "; expected "))

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let action: Action
        do {
            action = try Self.action.read(arguments.positional[0], "")
        } catch {
            throw .usage("\(error): \(spec.usage)")
        }
        let path = arguments.positional[1]
        switch action {
        case .check:
            guard arguments[to] == nil else { throw .usage("--to is only for 'catalog convert': \(spec.usage)") }
            CatalogCheckText.lines(try read(path), file: path).forEach(Output.line)
            return 0
        case .convert:
            guard let format = arguments[to] else { throw .usage("'catalog convert' needs --to json|storekit: \(spec.usage)") }
            let conversion = try convert(try read(path), to: format, file: path)
            Output.line(String(conversion.text.dropLast()))
            for note in conversion.notes {
                Output.error("note: \(path): \(note.path): \(note.text)")
            }
            return 0
        }
    }

    private static func convert(_ reading: CatalogReading, to format: Format, file: String) throws(CLIError) -> CatalogConversion {
        do {
            return format == .json ? try CatalogWriter.storeSimJSON(reading, file: file)
                                    : try CatalogWriter.storeKit(reading.catalog, file: file)
        } catch {
            throw .input(error.description)
        }
    }

    private static func read(_ path: String) throws(CLIError) -> CatalogReading {
        do {
            return try CatalogParser.read(CatalogParser.read(path: path), file: path)
        } catch {
            throw .input(error.description)
        }
    }
}
