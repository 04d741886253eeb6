import Foundation
import IAPCore

/// One entry of the timeline: a message sent, its delivery (or why it never arrived), a local
/// step, a command. Messages are recorded when sent, so the timeline keeps the order in which
/// each party acted; a message stays in flight until its `delivered` or `dropped` entry.
public struct Event: Sendable, Equatable, Codable {
    /// What kind of entry it is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A message one party sent another (logs from before `delivered` existed recorded it on
        /// delivery instead).
        case message
        /// A sent message reached its receiver, which acted on it.
        case delivered
        /// A sent message that never arrived, and why.
        case dropped
        /// A party's local step: a cache write, a credit.
        case note
        /// Something the user or the script did.
        case command
        /// The app died.
        case crash
        /// What a launch recovered.
        case report
    }

    public let seq: Int
    public let timeMillis: Int64
    public let kind: Kind
    public let from: Party
    public let to: Party?
    /// What happened, as a value.
    public let what: Happening
    /// What happened, in English: `what` worded once, when the event is made.
    public let text: String
    /// What the entry is about; the log calls it `transactionId` (empty for the current receipt).
    public let subject: MessageSubject?
    /// For a delivery or a drop, the `seq` of the message it ends (logs from before this was
    /// recorded have none).
    public let sentSeq: Int?
    /// For the delivery of a `verifyReceipt` answer to the Server: the JSON it received, Apple's
    /// `responseBody` (`timeline --format json` shows it as an object).
    public let verifyReceiptResponse: String?

    enum CodingKeys: String, CodingKey {
        case seq, timeMillis, kind, from, to, text, sentSeq, what, verifyReceiptResponse
        case subject = "transactionId"
    }

    /// An event of what happened; `text` is `what` in English, when the caller has it already.
    public init(seq: Int, timeMillis: Int64, kind: Kind, from: Party, to: Party?, what: Happening, text: String? = nil,
                subject: MessageSubject?, sentSeq: Int? = nil, verifyReceiptResponse: String? = nil) {
        self.seq = seq
        self.timeMillis = timeMillis
        self.kind = kind
        self.from = from
        self.to = to
        self.what = what
        self.text = text ?? what.english
        self.subject = subject
        self.sentSeq = sentSeq
        self.verifyReceiptResponse = verifyReceiptResponse
    }

    /// An event told only by its sentence: a legacy one.
    public init(seq: Int, timeMillis: Int64, kind: Kind, from: Party, to: Party?, text: String, subject: MessageSubject?,
                sentSeq: Int? = nil) {
        self.init(seq: seq, timeMillis: timeMillis, kind: kind, from: from, to: to, what: .legacy(text), text: text, subject: subject,
                  sentSeq: sentSeq)
    }

    /// An event as the log holds it: its typed `what`, or, in a line without one (or with one
    /// this version does not read), a legacy event of its text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .text)
        let what = (try? container.decodeIfPresent(Happening.self, forKey: .what)) ?? .legacy(text)
        // The answer is shown as JSON: a line whose answer is not JSON is a damaged line.
        let response = try container.decodeIfPresent(String.self, forKey: .verifyReceiptResponse)
        if let response {
            var cursor = JSONCursor(response)
            do {
                try cursor.skip()
                try cursor.end()
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .verifyReceiptResponse, in: container,
                                                       debugDescription: "not JSON: \(error)")
            }
        }
        try self.init(seq: container.decode(Int.self, forKey: .seq), timeMillis: container.decode(Int64.self, forKey: .timeMillis),
                      kind: container.decode(Kind.self, forKey: .kind), from: container.decode(Party.self, forKey: .from),
                      to: container.decodeIfPresent(Party.self, forKey: .to), what: what, text: text,
                      subject: container.decodeIfPresent(MessageSubject.self, forKey: .subject),
                      sentSeq: container.decodeIfPresent(Int.self, forKey: .sentSeq), verifyReceiptResponse: response)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(timeMillis, forKey: .timeMillis)
        try container.encode(kind, forKey: .kind)
        try container.encode(from, forKey: .from)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(sentSeq, forKey: .sentSeq)
        try container.encodeIfPresent(verifyReceiptResponse, forKey: .verifyReceiptResponse)
        if what.isTyped { try container.encode(what, forKey: .what) }
    }

    public var time: Date { SimulatedTime.date(millis: timeMillis) }
}
