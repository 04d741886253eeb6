/// Text written straight into bytes, for the lines a file gets many of (the event log's, the
/// cache's): a number or a literal appended with no `String` made for it.
extension Array where Element == UInt8 {
    /// Appends `value`'s decimal digits (after a `-` when negative), as `String(value)` writes them.
    public mutating func appendDecimal(_ value: Int64) {
        ByteWriter.append(to: &self, atMost: 20) { $0.decimal(value) }
    }

    /// Appends a literal's bytes as they are.
    public mutating func appendLiteral(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension String {
    /// The text `pieces` writes, at most `capacity` bytes of UTF-8, written on the stack and made
    /// a `String` with one copy, no piece turned into a `String` of its own: for texts made
    /// thousands of times in a launch (the summaries of the messages a recovery sends for every
    /// order). Decoded from a buffer of bytes, whose decoding is specialized, where
    /// `String(unsafeUninitializedCapacity:)` looks up its generic validation's types every time.
    public init(atMost capacity: Int, writing pieces: (inout ByteWriter) -> Void) {
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, capacity)) { room in
            String(decoding: UnsafeBufferPointer(rebasing: room[..<ByteWriter.write(into: room, pieces)]), as: UTF8.self)
        }
    }
}

extension String {
    /// `utf8` as text; nil when it is not valid UTF-8. ASCII, as ids and most fields of the
    /// files StoreSim writes are, is made a `String` at once: `String(validating:as:)` looks up
    /// its generic validation's types every time (about a thousand instructions a call on Linux),
    /// and a launch reads thousands of such fields.
    public init?(validatingUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            self.init(decoding: utf8, as: UTF8.self)
        } else {
            guard let text = String(validating: utf8, as: UTF8.self) else { return nil }
            self = text
        }
    }
}
