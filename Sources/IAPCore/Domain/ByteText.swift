/// Text written straight into bytes, for the lines a file gets many of (the event log's, the
/// cache's): a number or a literal appended with no `String` made for it.
extension Array where Element == UInt8 {
    /// Appends `value`'s decimal digits (after a `-` when negative), as `String(value)` writes them.
    public mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let end = self.count + count
        for _ in 0..<count { append(UInt8(ascii: "0")) }
        withUnsafeMutableBufferPointer { buffer in
            var index = end
            repeat {
                index -= 1
                buffer[index] += UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }
    }

    /// Appends a literal's bytes as they are.
    public mutating func appendLiteral(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
