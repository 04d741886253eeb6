import Foundation
import Glibc
import Testing
import TestSupport

/// Where `run --junit FILE` and `run --mermaid FILE` write: the path the user names, checked
/// with every other input before anything is written, and written whole (temporary file and
/// rename in the same folder). What is not a regular file there, a script, a file of the world,
/// a folder that does not exist are refused in one line and left as they are.
@Suite struct ReportFilesTests {
    static let options = ["--junit", "--mermaid"]
    private static let script = "buy com.storesim.coins.100\nexpect audit ok\n"

    /// Runs `run` with `arguments` and a fresh data directory; the test expects a refusal in
    /// one line and that no world was made.
    private static func expectRefused(_ folder: TemporaryFolder, _ arguments: [String], _ error: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let world = folder.file("fresh-world")
        let result = try StoreSimProcess.run(["run", "--data-dir", world] + arguments)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stderr == "storesim: error: \(error)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: world), "nothing written before every input is checked", sourceLocation: sourceLocation)
    }

    @Test(arguments: options, ["a symbolic link", "a named pipe", "a directory"])
    func whatIsNotARegularFileIsRefusedAndLeftAlone(option: String, kind: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", Self.script)
        let target = try folder.write("target.txt", "someone else's file\n")
        let path = folder.file("report")
        switch kind {
        case "a symbolic link": #expect(symlink(target, path) == 0)
        case "a named pipe": #expect(mkfifo(path, 0o644) == 0)
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        try Self.expectRefused(folder, [option, path, script], "\(path): is \(kind), not a regular file; left untouched")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "someone else's file\n")
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        let temporary = folder.file("other")
        #expect(symlink(target, temporary + ".tmp") == 0)
        try Self.expectRefused(folder, [option, temporary, script], "\(temporary).tmp: is a symbolic link, not a regular file; left untouched")
    }

    @Test(arguments: options)
    func aPathThatNamesAScriptAWorldFileOrTheOtherReportIsRefused(option: String) throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: Self.script)
        let before = WorldOnDisk.files(in: world)
        let script = try folder.write("s.scenario", Self.script)
        for (path, what) in [(script, "one of the scripts to run"), (folder.path + "/./s.scenario", "one of the scripts to run"),
                             (world + "/events.log", "one of the data directory's own files"),
                             (world + "/app/../world.json", "one of the data directory's own files")] {
            let result = try StoreSimProcess.run(["run", "--data-dir", world, option, path, script])
            #expect(result.status == 2)
            #expect(result.stderr == "storesim: error: \(path): is \(what); name another file for the report\n")
        }
        #expect(WorldOnDisk.files(in: world) == before, "the world is left byte for byte")
        #expect(try String(contentsOfFile: script, encoding: .utf8) == Self.script)
        let both = folder.file("both.txt")
        try Self.expectRefused(folder, ["--junit", both, "--mermaid", both, script],
                               "\(both): is the file --junit names too; name another file for the report")
        try Self.expectRefused(folder, [option, folder.path + "/missing/report", script],
                               "\(folder.path)/missing/report: cannot open its folder \(folder.path)/missing: No such file or directory")
    }

    /// A report is written through `FILE.tmp`, which replaces what is there: a script or the
    /// other report at that name would be lost, so it is refused like the file itself.
    @Test(arguments: options)
    func aPathWhoseTemporaryIsAScriptOrTheOtherReportIsRefused(option: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("r.tmp", Self.script)
        let report = folder.file("r")
        try Self.expectRefused(folder, [option, report, script],
                               "\(report).tmp: is one of the scripts to run, and would be the report's temporary file; name another file for the report")
        #expect(try String(contentsOfFile: script, encoding: .utf8) == Self.script)
        let other = try folder.write("s.scenario", Self.script)
        try Self.expectRefused(folder, ["--junit", report + ".tmp", "--mermaid", report, other],
                               "\(report).tmp: is the file --junit names too, and would be the report's temporary file; name another file for the report")
        try Self.expectRefused(folder, ["--junit", report, "--mermaid", report + ".tmp", other],
                               "\(report).tmp: is the temporary file of the report --junit names; name another file for the report")
    }

    /// The catalog the run reads, named by any path that reaches it (the same path, another
    /// spelling, a symbolic link to it), is refused as a report and left as it is.
    @Test(arguments: options)
    func aPathThatReachesTheCatalogIsRefused(option: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", Self.script)
        let contents = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let catalog = try folder.write("shop.json", contents)
        #expect(symlink(catalog, folder.file("linked.json")) == 0)
        for (given, report) in [(catalog, catalog), (catalog, folder.path + "/./shop.json"), (folder.file("linked.json"), catalog)] {
            try Self.expectRefused(folder, ["--catalog", given, option, report, script],
                                   "\(report): is the run's catalog; name another file for the report")
        }
        #expect(link(catalog, folder.file("other-name.json")) == 0)
        try Self.expectRefused(folder, ["--catalog", catalog, option, folder.file("other-name.json"), script],
                               "\(folder.file("other-name.json")): has 2 names (hard links), and StoreSim writes only a file of its own; "
                                   + "left untouched")
        #expect(try String(contentsOfFile: catalog, encoding: .utf8) == contents)
    }

    /// Without `--catalog` the run reads the project's `catalog.json` (beside a `Package.swift`
    /// in the working directory): a report of that name would replace it.
    @Test(arguments: options)
    func theProjectsCatalogIsRefusedWhenItIsTheOneRead(option: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", Self.script)
        let contents = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let catalog = try folder.write("catalog.json", contents)
        try folder.write("Package.swift", "// a project\n")
        let result = try StoreSimProcess.run(["run", option, "catalog.json", script], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: catalog.json: is the run's catalog; name another file for the report\n")
        #expect(try String(contentsOfFile: catalog, encoding: .utf8) == contents)
    }

    /// A script that does not parse stops the run before anything is written: no report, and
    /// an old one is left byte for byte.
    @Test(arguments: options)
    func aScriptThatDoesNotParseWritesNoReport(option: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("bad.scenario", "buy com.storesim.coins.100\nfly to the moon\n")
        let old = try folder.write("old-report", "the last run's report\n")
        let fresh = folder.file("fresh-report")
        try Self.expectRefused(folder, [option, old, script], "\(script): line 2: unknown command 'fly'; did you mean 'buy'? the closest: buy, family, api")
        try Self.expectRefused(folder, [option, fresh, script], "\(script): line 2: unknown command 'fly'; did you mean 'buy'? the closest: buy, family, api")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "the last run's report\n")
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test func aReportReplacesTheOldOneWholeAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.scenario", Self.script)
        let junit = try folder.write("report.xml", "old\n")
        let mermaid = try folder.write("timeline.mmd", "old\n")
        let result = try StoreSimProcess.run(["run", "--junit", junit, "--mermaid", mermaid, script])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(try String(contentsOfFile: mermaid, encoding: .utf8).hasPrefix("sequenceDiagram\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["report.xml", "s.scenario", "timeline.mmd"])
    }
}
