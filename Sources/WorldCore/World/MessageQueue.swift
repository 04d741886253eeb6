import IAPCore

/// The messages on their way between the parties, delivered oldest first, one at a time; each
/// with the sequence number of the timeline event that recorded it as sent, and what it said.
struct MessageQueue {
    private var messages: [Message] = []
    private var sentSeqs: [Int?] = []
    private var saids: [MessageSaid] = []
    private var summaries: [String] = []
    private var head = 0
    /// How many of the messages on their way go to the Server.
    private(set) var toServer = 0

    /// Messages on their way, oldest first.
    var inFlight: ArraySlice<Message> { messages[head...] }

    /// True when no message is on its way.
    var isEmpty: Bool { head == messages.count }

    mutating func send(_ message: Message, sentSeq: Int?, said: MessageSaid, summary: String) {
        messages.append(message)
        sentSeqs.append(sentSeq)
        saids.append(said)
        summaries.append(summary)
        if message.to == .server { toServer += 1 }
    }

    /// Takes the oldest message off the queue, with its sent event's number and summary, or nil
    /// when none is on its way. Delivered messages are let go in batches, so a long session does
    /// not keep them all.
    mutating func next() -> SentMessage? {
        guard head < messages.count else { return nil }
        let next = SentMessage(message: messages[head], sentSeq: sentSeqs[head], said: saids[head], summary: summaries[head])
        head += 1
        if next.message.to == .server { toServer -= 1 }
        if head > 1024 && head * 2 > messages.count {
            messages.removeFirst(head)
            sentSeqs.removeFirst(head)
            saids.removeFirst(head)
            summaries.removeFirst(head)
            head = 0
        }
        return next
    }
}
