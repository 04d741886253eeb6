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
    /// grow in place, the line written through one `ByteWriter`, with no text made for a key or a
    /// number and no check of the array for each piece.
    func appendJSONLine(to bytes: inout [UInt8]) {
        let quoted = 8 + 6 * (from.rawValue.utf8.count + kind.rawValue.utf8.count + text.utf8.count + (to?.rawValue.utf8.count ?? 0))
        ByteWriter.append(to: &bytes, atMost: quoted + Self.jsonLineOtherBytes) { line in
            line.literal(#"{"from":"#)
            line.encoderQuoted(from.rawValue)
            line.literal(#","kind":"#)
            line.encoderQuoted(kind.rawValue)
            if let sentSeq {
                line.literal(#","sentSeq":"#)
                line.decimal(Int64(sentSeq))
            }
            line.literal(#","seq":"#)
            line.decimal(Int64(seq))
            line.literal(#","text":"#)
            line.encoderQuoted(text)
            line.literal(#","timeMillis":"#)
            line.decimal(timeMillis)
            if let to {
                line.literal(#","to":"#)
                line.encoderQuoted(to.rawValue)
            }
            if let subject {
                line.literal(#","transactionId":""#)
                if let id = subject.transactionId { line.decimal(id.value) }
                line.byte(UInt8(ascii: "\""))
            }
            line.byte(UInt8(ascii: "}"))
        }
    }

    /// The most bytes of a line besides its quoted strings: its keys and punctuation (under 100)
    /// and four numbers of up to 20 characters each.
    static let jsonLineOtherBytes = 180
}
