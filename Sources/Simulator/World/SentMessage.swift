import IAPCore

/// A message taken off the queue for delivery: the message, the sequence number of the event
/// that recorded it as sent, and the summary that event gave it, which its delivery (or drop)
/// repeats rather than writes again.
struct SentMessage {
    let message: Message
    let sentSeq: Int?
    let summary: String
}
