import Glibc

/// Why JSON text could not be read: where in the text, and what was wrong there.
public struct JSONCursorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The byte offset of the problem.
    public let offset: Int
    public let problem: String

    public var description: String { "at byte \(offset): \(problem)" }
}

/// An object's key as a reader compares it: its bytes (escapes decoded), matched against
/// literals in a `switch` without a string made for each key of each object.
public struct JSONKey: CustomStringConvertible {
    let bytes: ArraySlice<UInt8>

    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether `key` is the literal `pattern`, byte for byte.
    public static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard key.bytes.count == count else { return false }
        return pattern.withUTF8Buffer { expected in
            key.bytes.withUnsafeBufferPointer { found in
                guard let wanted = expected.baseAddress, let base = found.baseAddress else { return count == 0 }
                return memcmp(wanted, base, count) == 0
            }
        }
    }
}

/// Reads JSON text (RFC 8259, strictly) one value at a time, without building a tree: a reader
/// walks an object's members or an array's elements and takes the values it wants, skipping
/// the rest. Nesting deeper than `maxDepth` is refused before it could exhaust the stack.
public struct JSONCursor {
    /// The deepest nesting a skipped value may have.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var offset = 0

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Walks an object's members, calling `member` with each key and the cursor at its value,
    /// which `member` must read or skip.
    public mutating func object(_ member: (JSONKey, inout JSONCursor) throws(JSONCursorError) -> Void) throws(JSONCursorError) {
        try expect(UInt8(ascii: "{"), "an object")
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            let key = JSONKey(bytes: try stringBytes())
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            try member(key, &self)
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}' in an object")
    }

    /// Walks an array's elements, calling `element` with the cursor at each, which it must read or skip.
    public mutating func array(_ element: (inout JSONCursor) throws(JSONCursorError) -> Void) throws(JSONCursorError) {
        try expect(UInt8(ascii: "["), "an array")
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return }
        repeat {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
    }

    /// A string value, its escapes decoded.
    public mutating func string() throws(JSONCursorError) -> String {
        let utf8 = try stringBytes()
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
        return text
    }

    /// A string of decimal digits (after an optional `-`) that fits 64 bits, as Apple writes
    /// milliseconds and ids in strings: read without making the string.
    public mutating func decimalString() throws(JSONCursorError) -> Int64 {
        let start = offset
        try expect(UInt8(ascii: "\""), "a string of digits")
        let negative = take(UInt8(ascii: "-"))
        var value: Int64 = 0
        var digits = 0
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(bytes[offset] - UInt8(ascii: "0")))
            guard !overflow, !carry else { offset = start; throw failure("a string of digits that fits 64 bits") }
            value = sum
            digits += 1
            offset += 1
        }
        guard digits > 0, take(UInt8(ascii: "\"")) else { offset = start; throw failure("a string of digits") }
        return negative ? -value : value
    }

    /// The bytes of a string value, its escapes decoded: a slice of the text itself when it has none.
    mutating func stringBytes() throws(JSONCursorError) -> ArraySlice<UInt8> {
        try expect(UInt8(ascii: "\""), "a string")
        let start = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") {
            guard bytes[offset] >= 0x20 else { throw failure("a control character in a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw failure("an unterminated string") }
        if bytes[offset] == UInt8(ascii: "\"") {
            offset += 1
            return bytes[start..<offset - 1]
        }
        var utf8 = Array(bytes[start..<offset])
        while bytes[offset] == UInt8(ascii: "\\") {
            offset += 1
            try unescape(into: &utf8)
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") {
                guard bytes[offset] >= 0x20 else { throw failure("a control character in a string") }
                utf8.append(bytes[offset])
                offset += 1
            }
            guard offset < bytes.count else { throw failure("an unterminated string") }
        }
        offset += 1
        return utf8[...]
    }

    /// A whole number value that fits 64 bits.
    public mutating func integer() throws(JSONCursorError) -> Int64 {
        let start = offset
        if take(UInt8(ascii: "-")) {}
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        guard let value = Int64(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            offset = start
            throw failure("a whole number")
        }
        return value
    }

    /// `true` or `false`.
    public mutating func bool() throws(JSONCursorError) -> Bool {
        if take("true") { return true }
        if take("false") { return false }
        throw failure("true or false")
    }

    /// Takes `null` when it is next.
    public mutating func null() -> Bool {
        take("null")
    }

    /// Skips one value of any kind.
    public mutating func skip() throws(JSONCursorError) {
        try skip(depth: 0)
    }

    /// Checks that nothing but whitespace follows.
    public mutating func end() throws(JSONCursorError) {
        skipWhitespace()
        guard offset == bytes.count else { throw failure("the end of the text") }
    }

    /// An error at the cursor: what was expected there.
    public func failure(_ expected: String) -> JSONCursorError {
        JSONCursorError(offset: offset, problem: "expected \(expected)")
    }

    private mutating func skip(depth: Int) throws(JSONCursorError) {
        guard depth < Self.maxDepth else { throw failure("nesting no deeper than \(Self.maxDepth)") }
        guard offset < bytes.count else { throw failure("a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try object { (_: JSONKey, cursor: inout JSONCursor) throws(JSONCursorError) in try cursor.skip(depth: depth + 1) }
        case UInt8(ascii: "["): try array { (cursor: inout JSONCursor) throws(JSONCursorError) in try cursor.skip(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try stringBytes()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw failure("null") }
        default: try number()
        }
    }

    /// A number of any form: `-`, digits, a fraction, an exponent.
    private mutating func number() throws(JSONCursorError) {
        let start = offset
        _ = take(UInt8(ascii: "-"))
        guard digits() else { offset = start; throw failure("a value") }
        if take(UInt8(ascii: ".")) { guard digits() else { throw failure("digits after '.'") } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { throw failure("digits in an exponent") }
        }
    }

    private mutating func digits() -> Bool {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private mutating func unescape(into utf8: inout [UInt8]) throws(JSONCursorError) {
        guard offset < bytes.count else { throw failure("an escape") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard take("\\u") else { throw failure("the low half of a surrogate pair") }
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("the low half of a surrogate pair") }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("a Unicode scalar") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default: throw failure("an escape")
        }
    }

    private mutating func hexQuad() throws(JSONCursorError) -> UInt32 {
        guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66 || (0x30...0x39).contains($0) }),
              let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("four hex digits") }
        offset += 4
        return value
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONCursorError) {
        guard take(byte) else { throw failure(what) }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] } }
        if matches { offset += count }
        return matches
    }
}
