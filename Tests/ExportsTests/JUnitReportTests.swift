import Foundation
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import Exports

/// The JUnit report of a run, read back by Foundation's XML parser as a CI system reads it: a
/// suite per script, a case per `expect` line, failures and errors with their messages, the
/// transcript in `system-out`, and a well-formed document whatever the transcript holds.
@Suite struct JUnitReportTests {
    private static func step(_ file: String, _ line: Int, _ text: String) -> ScenarioStep {
        ScenarioStep(file: file, line: line, text: text, command: .expect(.auditOk))
    }

    private static func checked(_ file: String, _ line: Int, _ text: String, wanted: String, found: String) -> CheckedExpectation {
        CheckedExpectation(step: step(file, line, text), outcome: ExpectationOutcome(wanted: wanted, found: found), seconds: 0.25)
    }

    @Test func suitesCasesFailuresAndTheTranscriptReadBack() throws {
        var first = JUnitReport.Suite(script: "Scenarios/crash-after-cache.scenario")
        first.checked = [
            Self.checked("Scenarios/crash-after-cache.scenario", 6, "expect credited com.storesim.coins.100 0", wanted: "0", found: "0"),
            Self.checked("Scenarios/crash-after-cache.scenario", 12, "expect credited com.storesim.coins.100 1", wanted: "1", found: "0"),
        ]
        first.transcript = ["== Scenarios/crash-after-cache.scenario", "  00:00:00.030  App     ──▶ Store    add payment"]
        first.seconds = 1.5
        var second = JUnitReport.Suite(script: "b.scenario")
        second.checked = [Self.checked("b.scenario", 1, "expect audit ok", wanted: "ok", found: "ok")]
        second.stop = (Self.step("b.scenario", 2, "buy com.storesim.pro"), "b.scenario: line 2: 'buy' needs the running app")
        var report = JUnitReport()
        report.suites = [first, second]

        let document = try JUnitDocument(Data(report.xml.utf8))
        #expect(document.attributes["tests"] == "4")
        #expect(document.attributes["failures"] == "1")
        #expect(document.attributes["errors"] == "1")
        #expect(document.suites.map { $0.attributes["name"] } == ["Scenarios/crash-after-cache.scenario", "b.scenario"])
        #expect(document.suites.map { $0.attributes["tests"] } == ["2", "2"])
        #expect(document.suites[0].attributes["time"] == "1.500")
        let cases = document.suites[0].cases
        #expect(cases.map { $0.attributes["name"] } == ["crash-after-cache.scenario:6 expect credited com.storesim.coins.100 0",
                                                       "crash-after-cache.scenario:12 expect credited com.storesim.coins.100 1"])
        #expect(cases.allSatisfy { $0.attributes["classname"] == "Scenarios/crash-after-cache.scenario" })
        #expect(cases[0].failure == nil && cases[0].error == nil)
        #expect(cases[1].failure?.attributes["message"] == "expected 1, found 0")
        #expect(cases[1].failure?.text == "Scenarios/crash-after-cache.scenario: line 12: expect credited com.storesim.coins.100 1: expected 1, found 0")
        #expect(document.suites[0].systemOut == first.transcript.joined(separator: "\n") + "\n")
        let stopped = try #require(document.suites[1].cases.last)
        #expect(stopped.attributes["name"] == "b.scenario:2 buy com.storesim.pro")
        #expect(stopped.error?.attributes["message"] == "b.scenario: line 2: 'buy' needs the running app")
    }

    /// Markup, a CDATA end, quotes, control characters, a carriage return and the two
    /// non-characters XML 1.0 forbids, in a script's name, a found value and the transcript.
    @Test func anyTextMakesAWellFormedReport() throws {
        let hostile = "Q&A <b>\"x\"</b> 'y' ]]> \u{1B}[2J\u{0}\u{7} bell\r\u{FFFE}\u{FFFF}\u{85} 金币\ttab"
        var suite = JUnitReport.Suite(script: "odd \"&<\u{1}>.scenario")
        suite.checked = [Self.checked(suite.script, 3, "expect balance coins 1", wanted: "1", found: hostile)]
        suite.transcript = [hostile, "second line"]
        suite.stop = (nil, hostile)
        var report = JUnitReport()
        report.suites = [suite]

        let document = try JUnitDocument(Data(report.xml.utf8))
        let shown = "Q&A <b>\"x\"</b> 'y' ]]> \\u001B[2J\\u0000\\u0007 bell\r\u{FFFD}\u{FFFD}\\u0085 金币\ttab"
        #expect(document.suites[0].attributes["name"] == "odd \"&<\\u0001>.scenario")
        #expect(document.suites[0].cases[0].failure?.attributes["message"] == "expected 1, found " + shown)
        #expect(document.suites[0].systemOut == shown + "\nsecond line\n")
        #expect(document.suites[0].cases[1].attributes["name"] == "odd \"&<\\u0001>.scenario: the run stopped")
        #expect(document.suites[0].cases[1].error?.text == shown)
    }
}
