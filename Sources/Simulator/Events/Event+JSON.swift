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
        JSONString.appendLiteral(#"{"from":"#, to: &bytes)
        JSONString.appendEncoderQuoted(from.rawValue, to: &bytes)
        JSONString.appendLiteral(#","kind":"#, to: &bytes)
        JSONString.appendEncoderQuoted(kind.rawValue, to: &bytes)
        if let sentSeq {
            JSONString.appendLiteral(#","sentSeq":"#, to: &bytes)
            JSONString.appendDecimal(Int64(sentSeq), to: &bytes)
        }
        JSONString.appendLiteral(#","seq":"#, to: &bytes)
        JSONString.appendDecimal(Int64(seq), to: &bytes)
        JSONString.appendLiteral(#","text":"#, to: &bytes)
        JSONString.appendEncoderQuoted(text, to: &bytes)
        JSONString.appendLiteral(#","timeMillis":"#, to: &bytes)
        JSONString.appendDecimal(timeMillis, to: &bytes)
        if let to {
            JSONString.appendLiteral(#","to":"#, to: &bytes)
            JSONString.appendEncoderQuoted(to.rawValue, to: &bytes)
        }
        if let subject {
            JSONString.appendLiteral(#","transactionId":""#, to: &bytes)
            if let id = subject.transactionId { JSONString.appendDecimal(id.value, to: &bytes) }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
