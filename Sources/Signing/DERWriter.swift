/// Writes ASN.1 DER straight into a byte buffer: the sizes of elements are worked out first, so
/// a long structure is written in one pass with no array made per element.
public enum DERWriter {
    /// The bytes of a tag and a definite length in its shortest form for `length` bytes of content.
    public static func headerCount(_ length: Int) -> Int {
        length < 0x80 ? 2 : 2 + lengthBytes(length)
    }

    /// The bytes of a whole element holding `length` bytes of content.
    public static func elementCount(_ length: Int) -> Int {
        headerCount(length) + length
    }

    /// Appends a tag and the definite length `length` in its shortest form.
    public static func appendHeader(tag: UInt8, length: Int, to bytes: inout [UInt8]) {
        bytes.append(tag)
        guard length >= 0x80 else {
            bytes.append(UInt8(length))
            return
        }
        let count = lengthBytes(length)
        bytes.append(0x80 | UInt8(count))
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: length >> shift))
        }
    }

    /// The content bytes of `value` as a DER INTEGER: the fewest two's complement bytes.
    public static func integerContentCount(_ value: Int64) -> Int {
        var count = 8
        while count > 1 {
            let top = value >> ((count - 1) * 8 - 1)
            guard top == 0 || top == -1 else { break }
            count -= 1
        }
        return count
    }

    /// Appends `value` as a whole DER INTEGER.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        let count = integerContentCount(value)
        appendHeader(tag: 0x02, length: count, to: &bytes)
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends an element of `tag` whose content is `content`.
    public static func append(tag: UInt8, _ content: [UInt8], to bytes: inout [UInt8]) {
        appendHeader(tag: tag, length: content.count, to: &bytes)
        bytes.append(contentsOf: content)
    }

    /// Appends an element of `tag` whose content is the UTF-8 of `text`.
    public static func append(tag: UInt8, utf8 text: String, to bytes: inout [UInt8]) {
        appendHeader(tag: tag, length: text.utf8.count, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    private static func lengthBytes(_ length: Int) -> Int {
        var count = 0
        var remaining = length
        while remaining > 0 {
            count += 1
            remaining >>= 8
        }
        return count
    }
}
