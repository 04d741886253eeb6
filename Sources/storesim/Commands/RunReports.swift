import Simulator
import Storage

/// `run --junit FILE` and `run --mermaid FILE`: the run's JUnit report and its timeline as a
/// Mermaid diagram, written where the user asks. Each path is checked with the other inputs,
/// before anything is written: something other than a regular file there (a symbolic link, a
/// pipe, a folder) is refused in one line and left as it is, and so is a path that names a
/// script, the other report or one of the data directory's files. A report is written whole
/// (temporary file, fsync, rename in the same folder) when the run ends, also when an error
/// stops it, and just before a real crash kills the process.
final class RunReports {
    static let options = [
        OptionSpec(name: "--junit", value: "FILE", help: "write a JUnit XML report: a test suite per script, a test case per expect line"),
        OptionSpec(name: "--mermaid", value: "FILE", help: "write the run's timeline as a Mermaid sequence diagram"),
    ]

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

    /// Checks the paths `--junit` and `--mermaid` name; reads only.
    init(_ arguments: ParsedArguments, scripts: [String], dataDirectory: DataDirectory?) throws(CLIError) {
        junitPath = arguments.value("--junit")
        mermaidPath = arguments.value("--mermaid")
        var taken = Self.places(of: scripts, as: "one of the scripts to run")
        if let dataDirectory {
            taken.merge(Self.places(of: dataDirectory.files, as: "one of the data directory's own files")) { old, _ in old }
        }
        for (option, path) in [("--junit", junitPath), ("--mermaid", mermaidPath)] {
            guard let path else { continue }
            let place = try Self.check(path, option: option)
            if let what = taken[place] { throw .input("\(path): is \(what); name another file for the report") }
            // The report is written through its temporary (`path.tmp`), which replaces what is there.
            if let what = taken[place + ".tmp"] {
                throw .input("\(path).tmp: is \(what), and would be the report's temporary file; name another file for the report")
            }
            taken[place] = "the file \(option) names too"
            taken[place + ".tmp"] = "the temporary file of the report \(option) names"
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

    /// Where a report will go, as one path for one place; refused when its folder is missing
    /// or when something other than a regular file stands there or at its temporary.
    private static func check(_ path: String, option: String) throws(CLIError) -> String {
        guard !path.isEmpty else { throw .usage("\(option) needs a file name") }
        do {
            let place = try DurableFile.resolvingFolder(of: path, reportingAs: path)
            try RegularFile.check(path, for: .writing)
            try RegularFile.check(path + ".tmp", for: .writing)
            return place
        } catch {
            throw .input(error.description)
        }
    }

    /// The places of files, each named by what it is; a file whose folder does not exist yet
    /// has none (no report can be written there either).
    private static func places(of paths: [String], as what: String) -> [String: String] {
        Dictionary(paths.compactMap { path in (try? DurableFile.resolvingFolder(of: path, reportingAs: path)).map { ($0, what) } },
                   uniquingKeysWith: { old, _ in old })
    }
}
