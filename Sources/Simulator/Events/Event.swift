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
    public let text: String
    /// What the entry is about; the log calls it `transactionId` (empty for the current receipt).
    public let subject: MessageSubject?
    /// For a delivery or a drop, the `seq` of the message it ends (logs from before this was
    /// recorded have none).
    public let sentSeq: Int?

    enum CodingKeys: String, CodingKey {
        case seq, timeMillis, kind, from, to, text, sentSeq
        case subject = "transactionId"
    }

    public init(seq: Int, timeMillis: Int64, kind: Kind, from: Party, to: Party?, text: String, subject: MessageSubject?,
                sentSeq: Int? = nil) {
        self.seq = seq
        self.timeMillis = timeMillis
        self.kind = kind
        self.from = from
        self.to = to
        self.text = text
        self.subject = subject
        self.sentSeq = sentSeq
    }

    public var time: Date { SimulatedTime.date(millis: timeMillis) }
}
