import Foundation
import IAPCore

extension Event {
    /// The event as one line of `events.log`, without its newline: byte for byte what
    /// Foundation's `JSONEncoder` writes with sorted keys (an absent `to`, `transactionId`,
    /// `sentSeq` or `what` left out; `"`, `\`, `/` and control characters escaped as it escapes
    /// them), written directly, `what` too (`EventJSONWriter`): the log gets a line for
    /// every event, and Foundation's encoder cost more than all the rest of a purchase's bookkeeping.
    public var jsonLine: [UInt8] {
        line(withWhat: true)
    }

    /// The event as one line of `storesim timeline --format json`: its line in the log without
    /// `what`, as logs held it before events were typed, and a `verifyReceiptResponse` as the
    /// JSON object it is.
    public var timelineJSONLine: [UInt8] {
        line(withWhat: false)
    }

    private func line(withWhat: Bool) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(text.utf8.count + 256)
        appendJSONLine(to: &line, withWhat: withWhat)
        return line
    }

    /// Appends the line to `bytes`, which may already hold other lines: the log's held lines
    /// grow in place, the line written through one `ByteWriter` (no text made for a key or a
    /// number, no check of the array for each piece), and `what`, unless it is not wanted or the
    /// event is a legacy one whose `text` tells it, written after it in place.
    func appendJSONLine(to bytes: inout [UInt8], withWhat: Bool) {
        let most = 2 + 6 * text.utf8.count + Self.jsonLineOtherBytes
        ByteWriter.append(to: &bytes, atMost: most) { line in
            line.literal(#"{"from":"#)
            line.literal(from.jsonQuoted)
            line.literal(#","kind":"#)
            line.literal(kind.jsonQuoted)
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
                line.literal(to.jsonQuoted)
            }
            if let subject {
                line.literal(#","transactionId":""#)
                if let id = subject.transactionId { line.decimal(id.value) }
                line.byte(UInt8(ascii: "\""))
            }
        }
        if let verifyReceiptResponse {
            // In the log a string, as Foundation's encoder writes it; on the timeline the JSON itself.
            bytes.append(contentsOf: #","verifyReceiptResponse":"#.utf8)
            if withWhat {
                JSONString.appendEncoderQuoted(verifyReceiptResponse, to: &bytes)
            } else {
                bytes.append(contentsOf: verifyReceiptResponse.utf8)
            }
        }
        if withWhat, what.isTyped {
            bytes.append(contentsOf: #","what":"#.utf8)
            EventJSONWriter.append(what, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The most bytes of a line besides its text: its keys and punctuation (under 100), the
    /// names of its parties and kind (under 30), and four numbers of up to 20 characters each.
    static let jsonLineOtherBytes = 210
}

extension Party {
    /// The name as a JSON string, quotes included, as every line of the log writes it: a
    /// literal, where escaping the name anew for every event cost a fifth of writing its line.
    var jsonQuoted: StaticString {
        switch self {
        case .user: #""User""#
        case .app: #""App""#
        case .store: #""Store""#
        case .play: #""Play""#
        case .server: #""Server""#
        case .cache: #""Cache""#
        case .network: #""Network""#
        }
    }
}

extension Event.Kind {
    /// The kind as a JSON string, quotes included, as every line of the log writes it.
    var jsonQuoted: StaticString {
        switch self {
        case .message: #""message""#
        case .delivered: #""delivered""#
        case .dropped: #""dropped""#
        case .note: #""note""#
        case .command: #""command""#
        case .crash: #""crash""#
        case .report: #""report""#
        }
    }
}
