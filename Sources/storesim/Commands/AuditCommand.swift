import IAPCore
import ReadSide

/// `storesim audit`: was every paid purchase credited exactly once, or can it still be?
enum AuditCommand {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Audit the world: paid, credited, recoverable, lost, double-credited.",
        options: [Options.dataDir, Options.json],
        arguments: nil,
        details: "Only reads; works beside a running TUI. Exit status 1 when the audit is not ok.",
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
        let audit = snapshot.audit(catalog: catalog)
        if arguments[Options.json] {
            Output.line(audit.json.rendered)
        } else {
            audit.lines(catalog: catalog, finishedEarly: snapshot.settings.finishedEarly ?? [:]).forEach(Output.line)
        }
        return audit.ok ? 0 : 1
    }
}
