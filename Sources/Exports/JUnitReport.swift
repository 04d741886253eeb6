import Foundation
import ScenarioLanguage

/// A JUnit XML report of `storesim run`, as CI systems read it: one `testsuite` per script
/// (named by its path), one `testcase` per `expect` line (named by file, line and command,
/// with the script as its class), a failed expect as a `failure` saying what was expected and
/// what was found, a run stopped by an error as an `error` at the line it stopped on, and the
/// script's part of the transcript in `system-out`.
public struct JUnitReport {
    /// One script as the run played it.
    public struct Suite {
        public let script: String
        public var checked: [CheckedExpectation] = []
        /// Why the run stopped in this script, and at which line (nil: before or after its lines).
        public var stop: (step: ScenarioStep?, problem: String)?
        public var transcript: [String] = []
        public var seconds: Double = 0

        public init(script: String) {
            self.script = script
        }

        var failures: Int { checked.count { !$0.outcome.met } }
        var errors: Int { stop == nil ? 0 : 1 }
        var tests: Int { checked.count + errors }
    }

    public var suites: [Suite] = []

    public init() {}

    /// The report as an XML 1.0 document.
    public var xml: String {
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        let seconds = suites.reduce(0) { $0 + $1.seconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"storesim run\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
                + " time=\"\(Self.time(seconds))\">",
        ]
        for suite in suites {
            lines += Self.lines(suite)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(_ suite: Suite) -> [String] {
        let script = XMLText.attribute(suite.script)
        var lines = ["  <testsuite name=\"\(script)\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\""
            + " errors=\"\(suite.errors)\" skipped=\"0\" time=\"\(time(suite.seconds))\">"]
        for expectation in suite.checked {
            let opening = caseOpening(suite.script, expectation.step, seconds: expectation.seconds)
            guard !expectation.outcome.met else {
                lines.append(opening + "/>")
                continue
            }
            let message = "expected \(expectation.outcome.wanted), found \(expectation.outcome.found)"
            lines += [opening + ">",
                      "      <failure message=\"\(XMLText.attribute(message))\" type=\"expect\">"
                          + XMLText.content(expectation.failure) + "</failure>",
                      "    </testcase>"]
        }
        if let stop = suite.stop {
            lines += [caseOpening(suite.script, stop.step, seconds: 0) + ">",
                      "      <error message=\"\(XMLText.attribute(stop.problem))\" type=\"stopped\">"
                          + XMLText.content(stop.problem) + "</error>",
                      "    </testcase>"]
        }
        lines.append("    <system-out>" + XMLText.content(suite.transcript.joined(separator: "\n") + "\n") + "</system-out>")
        lines.append("  </testsuite>")
        return lines
    }

    /// A test case's start tag: `crash-after-cache.scenario:12 expect credited … 1`, of the
    /// class of its script; a stop outside the script's lines is named by the script alone.
    private static func caseOpening(_ script: String, _ step: ScenarioStep?, seconds: Double) -> String {
        let file = script.split(separator: "/").last.map(String.init) ?? script
        let name = step.map { "\(file):\($0.line) \($0.text)" } ?? "\(file): the run stopped"
        let line = step.map { " line=\"\($0.line)\"" } ?? ""
        return "    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(script))\""
            + " file=\"\(XMLText.attribute(script))\"\(line) time=\"\(time(seconds))\""
    }

    /// Seconds with three decimals, as JUnit readers expect.
    private static func time(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }
}
