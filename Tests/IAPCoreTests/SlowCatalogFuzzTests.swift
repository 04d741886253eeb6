import Foundation
import Testing
@testable import IAPCore
import TestSupport

/// Structure-aware fuzzing of the catalog parser: the project's catalog, read as a JSON tree,
/// with one value replaced, a key removed, added or repeated, anywhere in it. Byte-level damage
/// is `CatalogRobustnessTests`; here the JSON stays valid and the catalog rules must catch what
/// is wrong, at the place where it is. Every failure must read `test.json: PATH: PROBLEM` on one
/// line that nothing in the file can break.
@Suite("Catalog parsing under structural mutation", .tags(.slow))
struct SlowCatalogFuzzTests {
    /// One step of a path into the tree: a member of an object or an element of an array.
    private enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    private let tree: CatalogJSON
    private let nodes: [[Step]]

    init() throws {
        tree = try CatalogJSONReader.read(Data(BuiltInCatalog.json.utf8))
        nodes = Self.paths(in: tree)
    }

    /// Values that are wrong wherever they go in a catalog.
    private static let hostileValues: [CatalogJSON] = [
        .null, .bool(true), .number("-1"), .number("1e999"), .number("0.5"), .string(""), .string(" \t"),
        .string("\u{1B}[2J\u{0}\u{85}\u{2028}"),
        .array([]), .object([]), .array([.array([.array([.object([("a", .array([]))])])])]),
    ]

    @Test func aWrongValueAnywhereIsReportedWhereItIs() throws {
        #expect(nodes.count > 80, "the walk reaches every value of the catalog")
        for path in nodes {
            // A value replaced by itself (`familyShareable: true` by `true`) is no mutation.
            for value in Self.hostileValues where Self.text(value) != Self.text(Self.value(at: path, in: tree)) {
                let document = Self.text(Self.replacing(path, in: tree, with: value))
                let error = try #require(parseError(document), "\(Self.describe(path)) = \(Self.text(value)) parsed")
                #expect(Self.isAtOrBelow(error.path, Self.describe(path)), "\(Self.text(value)) at \(Self.describe(path)) reported as \(error)")
            }
        }
    }

    @Test func aRemovedKeyIsReportedAtItOrItsObject() {
        for path in nodes where Self.isMember(path) {
            guard let error = parseError(Self.text(Self.removing(path, in: tree))) else { continue }
            let place = Self.describe(path)
            let object = Self.describe(Array(path.dropLast()))
            #expect(error.path == place || error.path == object, "removing \(place) reported as \(error)")
        }
    }

    @Test func aLongValueIsShortenedInTheMessage() throws {
        let long = String(repeating: "é", count: 5000)
        let product: [Step] = [.key("products"), .index(0)]
        let secondId: [Step] = [.key("products"), .index(1), .key("id")]
        let cases: [(document: CatalogJSON, place: [Step])] = [
            (Self.replacing(product + [.key("type")], in: tree, with: .string(long)), product + [.key("type")]),
            (Self.replacing(product + [.key("id")], in: Self.replacing(secondId, in: tree, with: .string(long)), with: .string(long)), secondId),
            (Self.adding(long, .string("red"), to: product, in: tree), product + [.key(long)]),
        ]
        for (document, place) in cases {
            let error = try #require(parseError(Self.text(document)))
            #expect(error.path == Self.describe(place))
            #expect(error.description.contains(String(repeating: "é", count: LineText.maxShown) + "…\""), "\(error)")
        }
    }

    @Test func anUnknownKeyIsNamedInEveryObject() {
        for path in [[]] + nodes where Self.isObject(Self.value(at: path, in: tree)) {
            let document = Self.text(Self.adding("colour", .string("red"), to: path, in: tree))
            #expect(parseError(document)?.path == Self.describe(path + [.key("colour")]), "an unknown key in \(Self.describe(path))")
        }
    }

    @Test func aRepeatedKeyIsReportedAtItsSecondCopy() {
        for path in nodes where Self.isMember(path) {
            guard case .key(let key) = path.last else { continue }
            let original = Self.value(at: path, in: tree)
            let document = Self.text(Self.adding(key, original, to: Array(path.dropLast()), in: tree))
            let error = parseError(document)
            #expect(error?.path == Self.describe(path), "\(Self.describe(path)) twice reported as \(String(describing: error))")
            #expect(error?.problem == "key appears more than once")
        }
    }

    @Test func randomMutationsFailCleanly() {
        var generator = SplitMix64(seed: 0xF022_CA7A)
        var failures = 0
        for _ in 0..<2000 {
            var document = tree
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let mutable = Self.paths(in: document)
                guard let path = mutable.randomElement(using: &generator) else { break }
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: document = Self.replacing(path, in: document, with: Self.hostileValues.randomElement(using: &generator) ?? .null)
                case 1: document = Self.removing(path, in: document)
                default: document = Self.replacing(path, in: document, with: Self.value(at: mutable.randomElement(using: &generator) ?? path, in: document))
                }
            }
            if parseError(Self.text(document)) != nil { failures += 1 }
        }
        #expect(failures > 1000, "most mutated catalogs are wrong, and each was reported cleanly")
    }

    /// The Xcode fixture of format version 4: a wrong value is an error where it is, or a value
    /// StoreSim tolerates (an ignored key, a setting it only lists); a removed key is reported at
    /// it or its object, or tolerated; nothing traps.
    @Test func anXcodeFileUnderMutationIsReportedWhereItIsWrong() throws {
        let storeKit = try CatalogJSONReader.read(Data(contentsOf: URL(fileURLWithPath: CatalogFixture.scenarioFile("storekit-v4-ask-to-buy-crash.storekit"))))
        let paths = Self.paths(in: storeKit)
        #expect(paths.count > 100)
        var reported = 0
        for path in paths {
            for value in Self.hostileValues {
                guard let error = parseError(Self.text(Self.replacing(path, in: storeKit, with: value))) else { continue }
                reported += 1
                #expect(Self.isAtOrBelow(error.path, Self.describe(path)), "\(Self.text(value)) at \(Self.describe(path)) reported as \(error)")
            }
            guard Self.isMember(path), let error = parseError(Self.text(Self.removing(path, in: storeKit))) else { continue }
            #expect(error.path == Self.describe(path) || error.path == Self.describe(Array(path.dropLast())), "removing \(Self.describe(path)) reported as \(error)")
        }
        #expect(reported > 500, "most wrong values are errors")
    }

    // MARK: Parsing and checking the error

    /// The error parsing `document` throws, checked for its form; nil when it parses.
    private func parseError(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogError? {
        guard let error = CatalogFixture.error(document) else { return nil }
        #expect(error.description == "\(CatalogFixture.file): \(error.path): \(error.problem)", sourceLocation: sourceLocation)
        #expect(error.path.hasPrefix("$"), sourceLocation: sourceLocation)
        #expect(!error.problem.isEmpty, sourceLocation: sourceLocation)
        #expect(error.description.count < 400, "a message a person can read: \(error)", sourceLocation: sourceLocation)
        let hidden = error.description.unicodeScalars.filter { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
        #expect(hidden.isEmpty, "one printable line: \(error.description.debugDescription)", sourceLocation: sourceLocation)
        return error
    }

    /// Whether `reported` is `place` or a path inside it.
    private static func isAtOrBelow(_ reported: String, _ place: String) -> Bool {
        reported == place || reported.hasPrefix(place + ".") || reported.hasPrefix(place + "[")
    }

    // MARK: The JSON tree

    /// Every value's path, parents before children (the root not included).
    private static func paths(in json: CatalogJSON, under prefix: [Step] = []) -> [[Step]] {
        switch json {
        case .object(let members):
            return members.flatMap { [prefix + [.key($0.key)]] + paths(in: $0.value, under: prefix + [.key($0.key)]) }
        case .array(let elements):
            return elements.indices.flatMap { [prefix + [.index($0)]] + paths(in: elements[$0], under: prefix + [.index($0)]) }
        default:
            return []
        }
    }

    private static func isObject(_ json: CatalogJSON) -> Bool {
        if case .object = json { return true }
        return false
    }

    private static func isMember(_ path: [Step]) -> Bool {
        if case .key = path.last { return true }
        return false
    }

    private static func value(at path: [Step], in json: CatalogJSON) -> CatalogJSON {
        guard let step = path.first else { return json }
        switch (step, json) {
        case (.key(let key), .object(let members)):
            return members.first { $0.key == key }.map { value(at: Array(path.dropFirst()), in: $0.value) } ?? .null
        case (.index(let index), .array(let elements)) where elements.indices.contains(index):
            return value(at: Array(path.dropFirst()), in: elements[index])
        default:
            return .null
        }
    }

    /// `json` with the value at `path` changed by `change` (nil removes it).
    private static func changing(_ path: [Step], in json: CatalogJSON, _ change: (CatalogJSON) -> CatalogJSON?) -> CatalogJSON {
        guard let step = path.first else { return change(json) ?? .null }
        let rest = Array(path.dropFirst())
        switch (step, json) {
        case (.key(let key), .object(let members)):
            return .object(members.compactMap { member in
                guard member.key == key else { return member }
                let changed = rest.isEmpty ? change(member.value) : changing(rest, in: member.value, change)
                return changed.map { (member.key, $0) }
            })
        case (.index(let index), .array(let elements)):
            return .array(elements.indices.compactMap { position in
                guard position == index else { return elements[position] }
                return rest.isEmpty ? change(elements[position]) : changing(rest, in: elements[position], change)
            })
        default:
            return json
        }
    }

    private static func replacing(_ path: [Step], in json: CatalogJSON, with value: CatalogJSON) -> CatalogJSON {
        changing(path, in: json) { _ in value }
    }

    private static func removing(_ path: [Step], in json: CatalogJSON) -> CatalogJSON {
        changing(path, in: json) { _ in nil }
    }

    /// `json` with member `key: value` added at the end of the object at `path`.
    private static func adding(_ key: String, _ value: CatalogJSON, to path: [Step], in json: CatalogJSON) -> CatalogJSON {
        changing(path, in: json) { object in
            guard case .object(let members) = object else { return object }
            return .object(members + [(key, value)])
        }
    }

    /// The path as the parser writes it: `$.products[2].price`.
    private static func describe(_ path: [Step]) -> String {
        path.reduce(CatalogPath.root) { path, step in
            switch step {
            case .key(let key): path.key(key)
            case .index(let index): path.index(index)
            }
        }.description
    }

    /// JSON text of `json`, members in their order, repeats kept.
    private static func text(_ json: CatalogJSON) -> String {
        switch json {
        case .object(let members): "{" + members.map { JSONString.quoted($0.key) + ": " + text($0.value) }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(text).joined(separator: ", ") + "]"
        case .string(let string): JSONString.quoted(string)
        case .number(let number): number
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        }
    }
}
