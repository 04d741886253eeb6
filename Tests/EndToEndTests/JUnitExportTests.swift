import Foundation
import Glibc
import Testing
import TestSupport

/// `storesim run --junit FILE`: a JUnit XML report CI systems read as it is, parsed back by
/// Foundation's XML parser and, independently, by Python's `junitparser` (which `.ci/run`
/// installs).
@Suite struct JUnitExportTests {
    private static let recovery = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/crash-after-cache.scenario").path
    private static let failing = "buy com.storesim.coins.100\nexpect balance coins 200\n# a wrong count\nexpect pending 5\n"

    /// The `expect` lines of a script as the report names them: file, line and command.
    private static func caseNames(_ path: String) throws -> [String] {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().filter { $0.element.hasPrefix("expect ") }.map { "\(name):\($0.offset + 1) \($0.element)" }
    }

    /// Runs the recovery scenario and a script with a failing expect into one report.
    private static func report(_ folder: TemporaryFolder) throws -> (result: StoreSimProcess.Result, report: String, failing: String) {
        let failing = try folder.write("failing.scenario", Self.failing)
        let report = folder.file("report.xml")
        let result = try StoreSimProcess.run(["run", "--junit", report, Self.recovery, failing])
        return (result, report, failing)
    }

    @Test func aSuitePerScriptACasePerExpectAndWhatAFailureFound() throws {
        let folder = try TemporaryFolder()
        let (result, report, failing) = try Self.report(folder)
        #expect(result.status == 1)
        let document = try JUnitDocument(try Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(document.attributes["tests"] == "10" && document.attributes["failures"] == "1" && document.attributes["errors"] == "0")
        #expect(document.suites.map { $0.attributes["name"] } == [Self.recovery, failing])
        #expect(document.suites.map { $0.attributes["tests"] } == ["8", "2"])
        #expect(document.suites.map { $0.attributes["failures"] } == ["0", "1"])
        #expect(document.suites[0].cases.map { $0.attributes["name"] } == (try Self.caseNames(Self.recovery)))
        #expect(document.suites[1].cases.map { $0.attributes["name"] } == ["failing.scenario:2 expect balance coins 200",
                                                                           "failing.scenario:4 expect pending 5"])
        #expect(document.suites[1].cases.allSatisfy { $0.attributes["classname"] == failing && $0.attributes["file"] == failing })
        #expect(document.suites[1].cases.map { $0.attributes["line"] } == ["2", "4"])
        #expect(document.suites[0].cases.allSatisfy { $0.failure == nil && $0.error == nil })
        let failure = try #require(document.suites[1].cases[1].failure)
        #expect(failure.attributes["message"] == "expected 5, found 0")
        #expect(failure.text == "\(failing): line 4: expect pending 5: expected 5, found 0")
        let transcript = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n") + "\n"
        #expect(document.suites[0].systemOut + document.suites[1].systemOut == transcript, "each script's part of the transcript")
        #expect(document.suites[1].systemOut.hasPrefix("== \(failing)\n"))
        #expect(document.suites[0].systemOut.contains("★ launch recovered 1 purchase:"))
    }

    /// An Xcode file's settings are applied when the world is created, before the first script
    /// starts: what the timeline says then is at the head of the first suite's `system-out`.
    @Test func whatTheWorldSaysAsItOpensIsInTheFirstSuite() throws {
        let folder = try TemporaryFolder()
        let scenarios = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios").path
        let report = folder.file("report.xml")
        let result = try StoreSimProcess.run(["run", "--catalog", scenarios + "/storekit-v4-ask-to-buy-crash.storekit", "--junit", report,
                                              scenarios + "/storekit-v4-ask-to-buy-crash.scenario"])
        #expect(result.status == 0)
        let suite = try #require(try JUnitDocument(try Data(contentsOf: URL(fileURLWithPath: report))).suites.first)
        #expect(suite.systemOut.hasPrefix("  ── 2026-01-01 ──\n  00:00:00.000  User: the catalog's settings: store ask-to-buy on\n== "))
        let transcript = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n") + "\n"
        #expect(suite.systemOut == transcript)
    }

    @Test(.enabled(if: PythonModule.isInstalled("junitparser"), "Python's junitparser is not installed here (.ci/run installs it)"))
    func pythonsJunitparserReadsTheReport() throws {
        let folder = try TemporaryFolder()
        let (_, report, failing) = try Self.report(folder)
        let reader = try folder.write("read.py", """
            import json, sys
            from junitparser import JUnitXml, SystemOut
            xml = JUnitXml.fromfile(sys.argv[1])
            print(json.dumps([{"name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
                               "out": suite.child(SystemOut).text[:40],
                               "cases": [[case.name, case.classname, [[type(r).__name__, r.message] for r in case.result]] for case in suite]}
                              for suite in xml]))
            """)
        let read = try StoreSimProcess.run(["python3", reader, report], executable: PythonModule.python)
        #expect(read.status == 0, "\(read.stderr)")
        let suites = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]])
        #expect(suites.map { $0["name"] as? String } == [Self.recovery, failing])
        #expect(suites.map { $0["tests"] as? Int } == [8, 2])
        #expect(suites.map { $0["failures"] as? Int } == [0, 1])
        #expect(suites.map { $0["errors"] as? Int } == [0, 0])
        #expect(suites.map { $0["out"] as? String } == [Self.recovery, failing].map { String("== \($0)\n".prefix(40)) })
        let cases = try #require(suites[1]["cases"] as? [[Any]])
        #expect(cases.map { $0.first as? String } == ["failing.scenario:2 expect balance coins 200", "failing.scenario:4 expect pending 5"])
        #expect(cases.allSatisfy { $0[1] as? String == failing })
        #expect((cases[1][2] as? [[String]]) == [["Failure", "expected 5, found 0"]])
        #expect((cases[0][2] as? [[String]]) == [])
    }

    /// A command refused half-way (status 2): the report holds what ran, and an error at the
    /// line the run stopped on.
    @Test func aRunStoppedByAnErrorReportsWhereItStopped() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("stops.scenario", "buy com.storesim.coins.100\nexpect balance coins 100\ncrash\nbuy com.storesim.pro\nexpect audit ok\n")
        let report = folder.file("report.xml")
        let result = try StoreSimProcess.run(["run", "--junit", report, script])
        #expect(result.status == 2)
        let problem = "\(script): line 4: 'buy' needs the running app, and the app is crashed (now); use 'launch' first"
        #expect(result.stderr == "storesim: error: \(problem)\n")
        let suite = try #require(try JUnitDocument(try Data(contentsOf: URL(fileURLWithPath: report))).suites.first)
        #expect(suite.attributes["tests"] == "2" && suite.attributes["errors"] == "1" && suite.attributes["failures"] == "0")
        #expect(suite.cases.map { $0.attributes["name"] } == ["stops.scenario:2 expect balance coins 100", "stops.scenario:4 buy com.storesim.pro"])
        #expect(suite.cases[1].error?.attributes["message"] == problem)
    }

    /// `--real-crash` kills the process by SIGKILL: the report is written just before, with the
    /// kill as an error at the line that crashed; the lines after it are not in it.
    @Test func aRealCrashWritesTheReportBeforeTheKill() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("real.scenario", "expect audit ok\ncrash at cached\nbuy com.storesim.coins.100\nexpect pending 1\nexpect audit ok\n")
        let report = folder.file("report.xml")
        let result = try StoreSimProcess.run(["run", "--real-crash", "--data-dir", folder.file("world"), "--junit", report, script])
        #expect(result.killedBySignal == SIGKILL)
        let suite = try #require(try JUnitDocument(try Data(contentsOf: URL(fileURLWithPath: report))).suites.first)
        #expect(suite.cases.map { $0.attributes["name"] } == ["real.scenario:1 expect audit ok", "real.scenario:4 expect pending 1"])
        #expect(suite.cases[1].error?.attributes["message"]?.hasSuffix("--real-crash kills the process here (SIGKILL): the lines after it did not run") == true)
        #expect(suite.systemOut.contains("the process is killed now (SIGKILL)"))
    }
}

/// Python and its modules, for the tests that check StoreSim's output with an independent reader.
enum PythonModule {
    /// Runs `python3` found on the PATH.
    static let python = "/usr/bin/env"

    /// Whether `python3` can import `name`.
    static func isInstalled(_ name: String) -> Bool {
        (try? StoreSimProcess.run(["python3", "-c", "import \(name)"], executable: python, timeout: 60).status) == 0
    }
}
