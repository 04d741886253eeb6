import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit XML report as Foundation's XML parser reads it: `testsuites`, its suites, their
/// cases with any `failure` or `error`, and each suite's `system-out`. Parsing fails on a
/// document that is not well-formed XML 1.0, as any CI reader would.
public struct JUnitDocument {
    /// A `failure` or an `error`: its attributes and its text.
    public struct Problem {
        public var attributes: [String: String]
        public var text = ""
    }

    public struct TestCase {
        public var attributes: [String: String]
        public var failure: Problem?
        public var error: Problem?
    }

    public struct Suite {
        public var attributes: [String: String]
        public var cases: [TestCase] = []
        public var systemOut = ""
    }

    public var attributes: [String: String] = [:]
    public var suites: [Suite] = []

    /// Parses `data`; throws the parser's error, with its line, when it is not well-formed.
    public init(_ data: Data) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw ParseFailure(description: "line \(parser.lineNumber): \(parser.parserError.map(String.init(describing:)) ?? "not well-formed")")
        }
        self = reader.document
    }

    /// Why a document did not parse.
    public struct ParseFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Builds the document element by element.
    private final class Reader: NSObject, XMLParserDelegate {
        var document = JUnitDocument(empty: ())
        private var path: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            path.append(name)
            switch name {
            case "testsuites": document.attributes = attributes
            case "testsuite": document.suites.append(Suite(attributes: attributes))
            case "testcase": document.suites[document.suites.count - 1].cases.append(TestCase(attributes: attributes))
            case "failure": updateCase { $0.failure = Problem(attributes: attributes) }
            case "error": updateCase { $0.error = Problem(attributes: attributes) }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters text: String) {
            switch path.last {
            case "system-out": document.suites[document.suites.count - 1].systemOut += text
            case "failure": updateCase { $0.failure?.text += text }
            case "error": updateCase { $0.error?.text += text }
            default: break
            }
        }

        private func updateCase(_ change: (inout TestCase) -> Void) {
            let suite = document.suites.count - 1
            change(&document.suites[suite].cases[document.suites[suite].cases.count - 1])
        }
    }

    private init(empty: Void) {}
}
