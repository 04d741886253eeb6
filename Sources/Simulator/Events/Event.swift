import Foundation
import IAPCore

/// One entry of the timeline: a delivered (or dropped) message, a local step, a command.
public struct Event: Sendable, Equatable, Codable {
    /// What kind of entry it is.
    public enum Kind: String, Sendable, Codable {
        /// A message delivered from one party to another.
        case message
        /// A message that never arrived, and why.
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
    public let transactionId: String?

    public init(seq: Int, timeMillis: Int64, kind: Kind, from: Party, to: Party?, text: String, transactionId: String?) {
        self.seq = seq
        self.timeMillis = timeMillis
        self.kind = kind
        self.from = from
        self.to = to
        self.text = text
        self.transactionId = transactionId
    }

    public var time: Date { Date(timeIntervalSince1970: Double(timeMillis) / 1000) }
}
