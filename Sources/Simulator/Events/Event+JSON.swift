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
    /// grow in place, with no line of their own made first (a number's digits fit a string kept
    /// inline, so they cost no allocation either).
    func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"from":"#.utf8)
        JSONString.appendEncoderQuoted(from.rawValue, to: &bytes)
        bytes.append(contentsOf: #","kind":"#.utf8)
        JSONString.appendEncoderQuoted(kind.rawValue, to: &bytes)
        if let sentSeq {
            bytes.append(contentsOf: #","sentSeq":"#.utf8)
            bytes.append(contentsOf: String(sentSeq).utf8)
        }
        bytes.append(contentsOf: #","seq":"#.utf8)
        bytes.append(contentsOf: String(seq).utf8)
        bytes.append(contentsOf: #","text":"#.utf8)
        JSONString.appendEncoderQuoted(text, to: &bytes)
        bytes.append(contentsOf: #","timeMillis":"#.utf8)
        bytes.append(contentsOf: String(timeMillis).utf8)
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
}
