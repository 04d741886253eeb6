import IAPCore

/// A message taken off the queue for delivery: the message, the sequence number of the event
/// that recorded it as sent, and what that event said of it (as a value and in English), which
/// its delivery (or drop) repeats rather than makes again.
struct SentMessage {
    let message: Message
    let sentSeq: Int?
    let said: MessageSaid
    let summary: String
}
