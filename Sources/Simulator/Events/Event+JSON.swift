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
    /// grow in place, with no line of their own made first and no text made for a key or a number.
    func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.appendLiteral(#"{"from":"#)
        JSONString.appendEncoderQuoted(from.rawValue, to: &bytes)
        bytes.appendLiteral(#","kind":"#)
        JSONString.appendEncoderQuoted(kind.rawValue, to: &bytes)
        if let sentSeq {
            bytes.appendLiteral(#","sentSeq":"#)
            bytes.appendDecimal(Int64(sentSeq))
        }
        bytes.appendLiteral(#","seq":"#)
        bytes.appendDecimal(Int64(seq))
        bytes.appendLiteral(#","text":"#)
        JSONString.appendEncoderQuoted(text, to: &bytes)
        bytes.appendLiteral(#","timeMillis":"#)
        bytes.appendDecimal(timeMillis)
        if let to {
            bytes.appendLiteral(#","to":"#)
            JSONString.appendEncoderQuoted(to.rawValue, to: &bytes)
        }
        if let subject {
            bytes.appendLiteral(#","transactionId":""#)
            if let id = subject.transactionId { bytes.appendDecimal(id.value) }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
