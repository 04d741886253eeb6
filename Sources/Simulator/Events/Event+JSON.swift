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
        appendJSONLine(to: &line)
        return line
    }

    /// Appends `jsonLine` to `bytes`, which may already hold other lines: the log's held lines
    /// grow in place, with no line of their own made first.
    func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"from":"#.utf8)
        JSONString.appendEncoderQuoted(from.rawValue, to: &bytes)
        bytes.append(contentsOf: #","kind":"#.utf8)
        JSONString.appendEncoderQuoted(kind.rawValue, to: &bytes)
        if let sentSeq {
            bytes.append(contentsOf: #","sentSeq":"#.utf8)
            Self.appendDecimal(Int64(sentSeq), to: &bytes)
        }
        bytes.append(contentsOf: #","seq":"#.utf8)
        Self.appendDecimal(Int64(seq), to: &bytes)
        bytes.append(contentsOf: #","text":"#.utf8)
        JSONString.appendEncoderQuoted(text, to: &bytes)
        bytes.append(contentsOf: #","timeMillis":"#.utf8)
        Self.appendDecimal(timeMillis, to: &bytes)
        if let to {
            bytes.append(contentsOf: #","to":"#.utf8)
            JSONString.appendEncoderQuoted(to.rawValue, to: &bytes)
        }
        if let subject {
            bytes.append(contentsOf: #","transactionId":"#.utf8)
            JSONString.appendEncoderQuoted(subject.description, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `value` in decimal, as `String(value)` writes it, without making that string.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }
}
