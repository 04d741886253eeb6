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

    private static func appendQuoted(_ text: String, to line: inout [UInt8]) {
        JSONString.appendEncoderQuoted(text, to: &line)
    }
}
