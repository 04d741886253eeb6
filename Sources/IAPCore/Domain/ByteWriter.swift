/// Writes a line of many pieces at the end of a byte array through a pointer: the line is
/// written into room for at most `capacity` bytes made on the stack (on the heap for a long one)
/// and appended with one copy, so a piece costs no check of the array's capacity or uniqueness
/// (an event's line has a dozen pieces, and a launch that recovers a thousand orders writes eight
/// thousand lines). Each piece checks that it fits the room left: a bound too small is a mistake
/// in the caller, stopped before memory is touched.
public struct ByteWriter {
    private var next: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    /// Appends to `bytes` what `write` writes, at most `capacity` bytes.
    public static func append(to bytes: inout [UInt8], atMost capacity: Int, _ write: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { room in
            let count = Self.write(into: room, write)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<count]))
        }
    }

    /// Writes what `write` writes at the start of `room`; returns how many bytes it wrote.
    static func write(into room: UnsafeMutableBufferPointer<UInt8>, _ write: (inout ByteWriter) -> Void) -> Int {
        guard let start = room.baseAddress else { return 0 }
        var writer = ByteWriter(next: start, end: start + room.count)
        write(&writer)
        return start.distance(to: writer.next)
    }

    /// A literal's bytes as they are.
    public mutating func literal(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        makeRoom(count)
        next.update(from: literal.utf8Start, count: count)
        next += count
    }

    /// A text's UTF-8 bytes as they are.
    public mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            makeRoom(utf8.count)
            guard let base = utf8.baseAddress else { return }
            copy(base, count: utf8.count)
        }
    }

    /// One byte.
    public mutating func byte(_ byte: UInt8) {
        makeRoom(1)
        put(byte)
    }

    /// `value`'s decimal digits (after a `-` when negative), as `String(value)` writes them: the
    /// count of digits from the count of bits, then two digits at a time from a table.
    public mutating func decimal(_ value: Int64) {
        makeRoom(20)
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let digits = Self.decimalDigits(magnitude)
        var cursor = next + digits
        next = cursor
        let pairs = Self.digitPairs.utf8Start
        while magnitude >= 10 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            cursor -= 2
            cursor[0] = pairs[pair]
            cursor[1] = pairs[pair + 1]
        }
        if cursor > next - digits {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0") + UInt8(magnitude)
        }
    }

    /// How many decimal digits `magnitude` has (1 for 0): its bits times 1233 / 4096 (log10 of 2),
    /// one more when it reaches the next power of ten. No magnitude reaches 10^19.
    private static func decimalDigits(_ magnitude: UInt64) -> Int {
        let estimate = ((64 - magnitude.leadingZeroBitCount) * 1233) >> 12
        return max(1, estimate + (magnitude >= powersOfTen[estimate] ? 1 : 0))
    }

    private static let powersOfTen: [UInt64] = (0...19).map { power in (0..<power).reduce(1) { product, _ in product * 10 } }

    /// "00" to "99", each two-digit number's digits at twice its offset.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `text` as a JSON string literal escaped byte for byte as Foundation's `JSONEncoder`
    /// escapes it (without `.withoutEscapingSlashes`): `"`, `\` and `/` behind a backslash, the
    /// five short control escapes, other controls as `\u00XX`, all else as it is. At most six
    /// bytes a byte of text, and two quotes; the bytes between two that need escaping are copied
    /// as one piece, and are looked for eight at a time (`needsEscape`).
    public mutating func encoderQuoted(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else {
                literal(#""""#)
                return
            }
            makeRoom(2 + 6 * utf8.count)
            put(UInt8(ascii: "\""))
            var run = 0
            var index = 0
            while index < utf8.count {
                if utf8.count - index >= 8,
                   !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = base[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                    copy(base + run, count: index - run)
                    escaped(byte)
                    run = index + 1
                }
                index += 1
            }
            copy(base + run, count: utf8.count - run)
            put(UInt8(ascii: "\""))
        }
    }

    /// Whether any of the eight bytes in `word` is a control character, `"`, `/` or `\`: the
    /// bit tricks that find a byte below a bound and a zero byte, exact as a yes or no.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x2F))
            | hasZeroByte(word ^ (ones &* 0x5C)) != 0
    }

    /// One byte that needs escaping, escaped as `JSONEncoder` escapes it, in room already made.
    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case 0x08: escape(UInt8(ascii: "b"))
        case 0x0C: escape(UInt8(ascii: "f"))
        case 0x0A: escape(UInt8(ascii: "n"))
        case 0x0D: escape(UInt8(ascii: "r"))
        case 0x09: escape(UInt8(ascii: "t"))
        case 0x00..<0x20:
            escape(UInt8(ascii: "u"))
            for digit in [0, 0, byte >> 4, byte & 0xF] as [UInt8] {
                put(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        default:
            escape(byte)
        }
    }

    /// `count` bytes from `source`, in room already made.
    private mutating func copy(_ source: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        next.update(from: source, count: count)
        next += count
    }

    /// A backslash and `byte`, in room already made.
    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        put(byte)
    }

    /// One byte, in room already made.
    private mutating func put(_ byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    /// Stops a write that would pass the room added for the line.
    private func makeRoom(_ count: Int) {
        precondition(next.distance(to: end) >= count, "a line longer than the room made for it")
    }
}
