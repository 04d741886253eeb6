import Foundation

/// Reads JSON text (RFC 8259, strictly) into `CatalogJSON`. Refuses nesting deeper than
/// `maxDepth` before it could exhaust the stack, and names the line and column of the first
/// syntax error.
struct CatalogJSONReader {
    /// The deepest nesting of objects and arrays accepted; a catalog needs five.
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var position = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The JSON value in `data`, or the first problem with it, at path `$`.
    static func read(_ data: Data) throws(CatalogIssue) -> CatalogJSON {
        var reader = CatalogJSONReader(bytes: Array(data))
        return try reader.readDocument()
    }

    private mutating func readDocument() throws(CatalogIssue) -> CatalogJSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw CatalogIssue(path: .root, problem: "not valid JSON: the file is UTF-16 text; save it as UTF-8")
        }
        skipWhitespace()
        guard position < bytes.count else { throw CatalogIssue(path: .root, problem: "not valid JSON: the file is empty") }
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw invalid("unexpected text after the JSON value") }
        return value
    }

    private mutating func readValue(depth: Int) throws(CatalogIssue) -> CatalogJSON {
        guard let byte = current else { throw invalid("expected a value") }
        switch Unicode.Scalar(byte) {
        case "{": return try readObject(depth: depth + 1)
        case "[": return try readArray(depth: depth + 1)
        case "\"": return .string(try readString())
        case "t": try readLiteral("true"); return .bool(true)
        case "f": try readLiteral("false"); return .bool(false)
        case "n": try readLiteral("null"); return .null
        case "-", "0"..."9": return .number(try readNumber())
        default: throw invalid("unexpected \(Self.describe(byte))")
        }
    }

    private mutating func readObject(depth: Int) throws(CatalogIssue) -> CatalogJSON {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        var members: [(key: String, value: CatalogJSON)] = []
        skipWhitespace()
        if consume("}") { return .object(members) }
        repeat {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw invalid("expected a key in double quotes") }
            let key = try readString()
            skipWhitespace()
            guard consume(":") else { throw invalid("expected ':' after the key") }
            skipWhitespace()
            members.append((key, try readValue(depth: depth)))
            skipWhitespace()
        } while consume(",")
        guard consume("}") else { throw invalid("expected ',' or '}' in an object") }
        return .object(members)
    }

    private mutating func readArray(depth: Int) throws(CatalogIssue) -> CatalogJSON {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        var elements: [CatalogJSON] = []
        skipWhitespace()
        if consume("]") { return .array(elements) }
        repeat {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
        } while consume(",")
        guard consume("]") else { throw invalid("expected ',' or ']' in an array") }
        return .array(elements)
    }

    private mutating func readString() throws(CatalogIssue) -> String {
        position += 1
        var utf8: [UInt8] = []
        while let byte = current {
            switch Unicode.Scalar(byte) {
            case "\"":
                guard let text = String(validating: utf8, as: UTF8.self) else { throw invalid("a string is not valid UTF-8") }
                position += 1
                return text
            case "\\":
                position += 1
                try readEscape(into: &utf8)
            case "\u{0}"..<" ":
                throw invalid("control character in a string (escape it)")
            default:
                utf8.append(byte)
                position += 1
            }
        }
        throw invalid("unterminated string")
    }

    private static let simpleEscapes: [Unicode.Scalar: UInt8] = [
        "\"": 0x22, "\\": 0x5C, "/": 0x2F, "b": 0x08, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09,
    ]

    private mutating func readEscape(into utf8: inout [UInt8]) throws(CatalogIssue) {
        guard let byte = current else { throw invalid("unterminated string") }
        if let replacement = Self.simpleEscapes[Unicode.Scalar(byte)] {
            utf8.append(replacement)
            position += 1
            return
        }
        guard consume("u") else {
            let escape = (0x21..<0x7F).contains(byte) ? "\\\(Unicode.Scalar(byte))" : "(a backslash before \(Self.describe(byte)))"
            throw invalid("unknown escape \(escape)")
        }
        var value = try readHex4()
        if (0xD800..<0xDC00).contains(value) {
            guard consume("\\"), consume("u") else { throw invalid("unpaired surrogate in a \\u escape") }
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw invalid("unpaired surrogate in a \\u escape") }
            value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw invalid("unpaired surrogate in a \\u escape") }
        utf8.append(contentsOf: String(scalar).utf8)
    }

    private mutating func readHex4() throws(CatalogIssue) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw invalid("expected four hex digits after \\u")
            }
            value = value << 4 + UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func readNumber() throws(CatalogIssue) -> String {
        let start = position
        _ = consume("-")
        if !consume("0") {
            guard skipDigits() > 0 else { throw invalid("expected a digit") }
        }
        if consume(".") {
            guard skipDigits() > 0 else { throw invalid("expected a digit after '.'") }
        }
        if consume("e") || consume("E") {
            _ = consume("+") || consume("-")
            guard skipDigits() > 0 else { throw invalid("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readLiteral(_ word: String) throws(CatalogIssue) {
        guard bytes[position...].starts(with: word.utf8) else { throw invalid("expected \(word)") }
        position += word.utf8.count
    }

    /// The byte at the current position, or nil at the end.
    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    private mutating func skipWhitespace() {
        while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
    }

    private mutating func consume(_ ascii: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: ascii) else { return false }
        position += 1
        return true
    }

    /// An object or array opened one level too deep, here.
    private func tooDeep() -> CatalogIssue {
        CatalogIssue(path: .root, problem: "nesting deeper than \(Self.maxDepth) levels at \(location)")
    }

    /// A syntax error at the current position; at the end of the input, says so first.
    private func invalid(_ reason: String) -> CatalogIssue {
        let reason = current == nil ? "unexpected end of input (\(reason))" : reason
        return CatalogIssue(path: .root, problem: "not valid JSON: \(reason) at \(location)")
    }

    /// `line L, column C` of the current position, counting characters, from 1.
    private var location: String {
        let before = bytes[..<min(position, bytes.count)]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Unicode.Scalar(byte))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
