import Foundation
import IAPCore

/// `storesim catalog check FILE` and `storesim catalog convert FILE --to json|storekit|play`:
/// what StoreSim reads in a catalog file, and the file in another format.
enum CatalogCommand {
    static let spec = CommandSpec(
        name: "catalog",
        summary: "Check a catalog file, or convert it between catalog.json, Xcode's .storekit and a Play catalog.",
        options: [to],
        arguments: (name: "check|convert FILE", minimum: 2, maximum: 2),
        details: """
            A catalog is StoreSim's catalog.json, an Xcode StoreKit configuration file (.storekit,
            format versions 1 to 5) or a Google Play catalog (the Developer API's inappproducts and
            monetization.subscriptions lists in one file), recognised by its content. check prints
            the products as StoreSim reads them (type, price in the storefront's currency, period,
            group and level, offers, localizations), the file's settings and what each does in
            StoreSim, and the keys it ignored, each with its JSON path; exit 0, or 2 with one error
            line. convert writes the file in the format --to names on stdout and says on stderr
            what it left out or filled in.
            """,
        run: run,
        synopsis: "storesim catalog check FILE | storesim catalog convert FILE --to json|storekit|play")

    static let to: Option<Format> = Option(
        "--to", "json|storekit|play", help: "convert: the format written on stdout",
        reads: .cases(of: "format", listing: .spelled(lead: "; expected ", namingOption: true)))

    /// What `--to` names: the format `convert` writes.
    enum Format: String, CaseIterable {
        case json, storekit, play
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
            guard let format = arguments[to] else { throw .usage("'catalog convert' needs --to json|storekit|play: \(spec.usage)") }
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
            switch format {
            case .json: return try CatalogWriter.storeSimJSON(reading, file: file)
            case .storekit: return try CatalogWriter.storeKit(reading.catalog, file: file)
            case .play: return try CatalogWriter.play(reading, file: file)
            }
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
