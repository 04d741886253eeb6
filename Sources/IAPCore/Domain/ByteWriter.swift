/// Writes a line of many pieces at the end of a byte array through a pointer: room for at most
/// `capacity` bytes is added first and what was not used is taken off after, so a piece costs no
/// check of the array's capacity or uniqueness (an event's line has a dozen pieces, and a launch
/// that recovers a thousand orders writes eight thousand lines). Each piece checks that it fits
/// the room left: a bound too small is a mistake in the caller, stopped before memory is touched.
public struct ByteWriter {
    private var next: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    /// Appends to `bytes` what `write` writes, at most `capacity` bytes.
    public static func append(to bytes: inout [UInt8], atMost capacity: Int, _ write: (inout ByteWriter) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: capacity))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var writer = ByteWriter(next: base + start, end: base + start + capacity)
            write(&writer)
            return (base + start).distance(to: writer.next)
        }
        bytes.removeLast(capacity - written)
    }

    /// A literal's bytes as they are.
    public mutating func literal(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        makeRoom(count)
        next.update(from: literal.utf8Start, count: count)
        next += count
    }

    /// One byte.
    public mutating func byte(_ byte: UInt8) {
        makeRoom(1)
        put(byte)
    }

    /// `value`'s decimal digits (after a `-` when negative), as `String(value)` writes them.
    public mutating func decimal(_ value: Int64) {
        makeRoom(20)
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Counted against powers of ten, not by dividing: 10^19 still fits, and no magnitude reaches it.
        var digits = 1
        var power: UInt64 = 10
        while magnitude >= power {
            digits += 1
            power *= 10
        }
        var cursor = next + digits
        next = cursor
        repeat {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// `text` as a JSON string literal escaped byte for byte as Foundation's `JSONEncoder`
    /// escapes it (without `.withoutEscapingSlashes`): `"`, `\` and `/` behind a backslash, the
    /// five short control escapes, other controls as `\u00XX`, all else as it is. At most six
    /// bytes a byte of text, and two quotes; the bytes between two that need escaping are copied
    /// as one piece.
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
            for index in 0..<utf8.count {
                let byte = base[index]
                // Letters and digits, most of a line, pass with one comparison.
                if byte > UInt8(ascii: "/") && byte != UInt8(ascii: "\\") { continue }
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
                else { continue }
                copy(base + run, count: index - run)
                escaped(byte)
                run = index + 1
            }
            copy(base + run, count: utf8.count - run)
            put(UInt8(ascii: "\""))
        }
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
