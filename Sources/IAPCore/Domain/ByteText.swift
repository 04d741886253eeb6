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
