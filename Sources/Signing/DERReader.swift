/// Reads ASN.1 DER elements from a byte buffer, in place: each read gives the range of an
/// element's content. A length that runs past the buffer, an indefinite length or one of more
/// than four bytes is refused (nil), never trusted.
public struct DERReader {
    /// The bytes read from.
    public let bytes: [UInt8]
    /// Where the next element starts.
    public private(set) var offset: Int
    private let end: Int

    /// A reader of `range` of `bytes` (all of them when nil).
    public init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    /// Whether every element was read.
    public var isAtEnd: Bool { offset == end }

    /// The tag of the next element, if there is one.
    public var nextTag: UInt8? { offset < end ? bytes[offset] : nil }

    /// The content of the next element when its tag is `tag`, the reader moved past it; nil
    /// (the reader where it was) otherwise.
    public mutating func read(tag: UInt8) -> Range<Int>? {
        guard offset + 2 <= end, bytes[offset] == tag else { return nil }
        var cursor = offset + 1
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count >= 1, count <= 4, cursor + count <= end else { return nil }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[cursor])
                cursor += 1
            }
        }
        guard length <= end - cursor else { return nil }
        offset = cursor + length
        return cursor..<(cursor + length)
    }

    /// The next element as an INTEGER of at most eight bytes.
    public mutating func readInteger() -> Int64? {
        let start = offset
        guard let content = read(tag: 0x02), !content.isEmpty, content.count <= 8 else {
            offset = start
            return nil
        }
        var value = Int64(Int8(bitPattern: bytes[content.lowerBound]))
        for index in content.dropFirst() {
            value = value << 8 | Int64(bytes[index])
        }
        return value
    }

    /// The text of `range` when it is valid UTF-8.
    public func text(_ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
