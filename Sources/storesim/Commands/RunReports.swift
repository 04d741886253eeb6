import Exports
import ScenarioLanguage
import Storage
import WorldCore

/// `run --junit FILE` and `run --mermaid FILE`: the run's JUnit report and its timeline as a
/// Mermaid diagram, written where the user asks. Each path is checked with the other inputs,
/// before anything is written: something other than a regular file there (a symbolic link, a
/// pipe, a folder, a file with another name) is refused in one line and left as it is, and so is
/// a path that reaches a script, the catalog, the other report or one of the data directory's
/// files, by path or as the same file (`TakenFiles`). A report is written whole
/// (temporary file, fsync, rename in the same folder) when the run ends, also when an error
/// stops it, and just before a real crash kills the process.
final class RunReports {
    static let junit: Option<String> = Option(
        "--junit", "FILE", help: "write a JUnit XML report: a test suite per script, a test case per expect line", reads: .path)
    static let mermaid: Option<String> = Option("--mermaid", "FILE", help: "write the run's timeline as a Mermaid sequence diagram", reads: .path)
    static let options = [junit, mermaid]

    /// Whether `arguments` ask for a report.
    static func asked(_ arguments: ParsedArguments) -> Bool {
        arguments[junit] != nil || arguments[mermaid] != nil
    }

    private let junitPath: String?
    private let mermaidPath: String?
    private var report = JUnitReport()
    private var suite: JUnitReport.Suite?
    /// The transcript before the first script begins (what the world said when it opened).
    private var opening: [String] = []
    private var suiteStarted = ContinuousClock.now
    private var suiteFirstCheck = 0
    private var diagram: MermaidDiagram?
    private var diagramLines: [String] = []

    /// Checks the paths `--junit` and `--mermaid` name against the run's inputs: its scripts,
    /// the file its catalog was read from, and the data directory's files; reads only.
    init(_ arguments: ParsedArguments, scripts: [String], catalog: String?, dataDirectory: DataDirectory?) throws(CLIError) {
        junitPath = arguments[Self.junit]
        mermaidPath = arguments[Self.mermaid]
        var taken = TakenFiles()
        taken.take(scripts, as: "one of the scripts to run")
        taken.take(catalog.map { [$0] } ?? [], as: "the run's catalog")
        taken.take(dataDirectory?.files ?? [], as: "one of the data directory's own files")
        for (option, path) in [("--junit", junitPath), ("--mermaid", mermaidPath)] {
            guard let path else { continue }
            try Self.check(path, option: option)
            if let what = taken.what(path) { throw .input("\(path): is \(what); name another file for the report") }
            // The report is written through its temporary (`path.tmp`), which replaces what is there.
            if let what = taken.what(path + ".tmp") {
                throw .input("\(path).tmp: is \(what), and would be the report's temporary file; name another file for the report")
            }
            taken.take([path], as: "the file \(option) names too")
            taken.take([path + ".tmp"], as: "the temporary file of the report \(option) names")
        }
        if mermaidPath != nil {
            diagram = MermaidDiagram { [unowned self] line in diagramLines.append(line) }
        }
    }

    /// Starts the next script's suite, closing the one before.
    func begin(script: String, _ runner: ScenarioRunner) {
        closeSuite(runner)
        suite = JUnitReport.Suite(script: script)
        suite?.transcript = opening
        opening = []
        suiteStarted = .now
        suiteFirstCheck = runner.checked.count
    }

    /// A line of the transcript, for the script's `system-out` (before the first script, the
    /// first script's).
    func transcript(_ line: String) {
        guard junitPath != nil else { return }
        if suite == nil {
            opening.append(line)
        } else {
            suite?.transcript.append(line)
        }
    }

    /// An event of the run's timeline, for the diagram.
    func record(_ event: Event) {
        diagram?.add(event)
    }

    /// Writes the reports asked for; `problem` is what stopped the run, at the runner's step.
    func write(_ runner: ScenarioRunner, stoppedBy problem: String? = nil) throws(CLIError) {
        if let problem { suite?.stop = (runner.currentStep, problem) }
        closeSuite(runner)
        if let junitPath {
            try Self.write(report.xml, to: junitPath)
        }
        if let mermaidPath, let diagram {
            diagram.finish()
            try Self.write(diagramLines.joined(separator: "\n") + "\n", to: mermaidPath)
        }
    }

    private func closeSuite(_ runner: ScenarioRunner) {
        guard var suite else { return }
        suite.checked = Array(runner.checked[suiteFirstCheck...])
        suite.seconds = suiteStarted.duration(to: .now).inSeconds
        report.suites.append(suite)
        self.suite = nil
    }

    private static func write(_ text: String, to path: String) throws(CLIError) {
        do {
            try DurableFile.write(Array(text.utf8), to: path)
        } catch {
            throw .input(error.description)
        }
    }

    /// Refuses a report path whose folder is missing, or where something other than a regular
    /// file of its own stands, there or at its temporary.
    private static func check(_ path: String, option: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("\(option) needs a file name") }
        do {
            _ = try DurableFile.resolvingFolder(of: path, reportingAs: path)
            try RegularFile.check(path, for: .writing)
            try RegularFile.check(path + ".tmp", for: .writing)
        } catch {
            throw .input(error.description)
        }
    }
}
