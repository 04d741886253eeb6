import IAPCore

extension Event {
    /// The event as one line of `events.log` and of `storesim timeline --format json`, without
    /// its newline: byte for byte what Foundation's `JSONEncoder` writes with sorted keys (an
    /// absent `to`, `transactionId` or `sentSeq` left out; `"`, `\`, `/` and control characters
    /// escaped as it escapes them), written directly: the log gets a line for every event, and
    /// the encoder cost more than all the rest of a purchase's bookkeeping.
    public var jsonLine: [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(text.utf8.count + 128)
        Self.append(#"{"from":"#, to: &line)
        Self.appendQuoted(from.rawValue, to: &line)
        Self.append(#","kind":"#, to: &line)
        Self.appendQuoted(kind.rawValue, to: &line)
        if let sentSeq {
            Self.append(#","sentSeq":"#, to: &line)
            Self.append(String(sentSeq), to: &line)
        }
        Self.append(#","seq":"#, to: &line)
        Self.append(String(seq), to: &line)
        Self.append(#","text":"#, to: &line)
        Self.appendQuoted(text, to: &line)
        Self.append(#","timeMillis":"#, to: &line)
        Self.append(String(timeMillis), to: &line)
        if let to {
            Self.append(#","to":"#, to: &line)
            Self.appendQuoted(to.rawValue, to: &line)
        }
        if let subject {
            Self.append(#","transactionId":"#, to: &line)
            Self.appendQuoted(subject.description, to: &line)
        }
        line.append(UInt8(ascii: "}"))
        return line
    }

    private static func append(_ text: String, to line: inout [UInt8]) {
        line.append(contentsOf: text.utf8)
    }

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it: the bytes between two
    /// that need escaping are copied as one piece.
    private static func appendQuoted(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || byte == UInt8(ascii: "/") {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte, to: &line)
                start = index + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        line.append(UInt8(ascii: "\""))
    }

    /// One byte that needs escaping, escaped as `JSONEncoder` escapes it.
    private static func appendEscaped(_ byte: UInt8, to line: inout [UInt8]) {
        switch byte {
        case 0x08: line += Array(#"\b"#.utf8)
        case 0x0C: line += Array(#"\f"#.utf8)
        case 0x0A: line += Array(#"\n"#.utf8)
        case 0x0D: line += Array(#"\r"#.utf8)
        case 0x09: line += Array(#"\t"#.utf8)
        case 0x00..<0x20: line += Array(#"\u00"#.utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
        default: line += [UInt8(ascii: "\\"), byte]
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
