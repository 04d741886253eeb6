import IAPClient
import IAPCore
import ReadSide

/// `storesim state`: what each party holds.
enum StateCommand {
    static let spec = CommandSpec(
        name: "state",
        summary: "Show what the Store, the Server and the app's cache hold.",
        options: [Options.dataDir, Options.json],
        arguments: nil,
        details: "Only reads; works beside a running TUI.",
        run: run)

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        try Options.checkFiles(directory)
        let catalog = try CatalogResolver.resolve(option: nil, directory: directory).catalog
        let snapshot: WorldSnapshot
        do {
            snapshot = try WorldSnapshot.read(directory)
        } catch {
            throw .input(error.description)
        }
        var view = StateView(snapshot: snapshot, catalog: catalog)
        if arguments[Options.json] {
            view.appReceipt = AppReceipt(path: directory.receipt).read()
            do {
                if snapshot.settings.api == .storekit2 {
                    view.renewals = try WorldSnapshot.renewals(directory, catalog: catalog, settings: snapshot.settings)
                }
                view.verifyReceiptResponses = try WorldSnapshot.verifyReceiptResponses(directory)
                view.orderIds = try WorldSnapshot.orderIds(directory, catalog: catalog)
                view.notificationsURL = try WorldSnapshot.notificationsURL(directory)
            } catch {
                throw .input(error.description)
            }
            Output.line(view.json.rendered)
        } else {
            view.lines.forEach(Output.line)
        }
        return 0
    }
}
