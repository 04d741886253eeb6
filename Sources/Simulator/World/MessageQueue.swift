import IAPCore

/// The messages on their way between the parties, delivered oldest first, one at a time.
struct MessageQueue {
    private var messages: [Message] = []
    private var head = 0

    /// Messages on their way, oldest first.
    var inFlight: ArraySlice<Message> { messages[head...] }

    /// True when no message is on its way.
    var isEmpty: Bool { head == messages.count }

    mutating func send(_ message: Message) {
        messages.append(message)
    }

    /// Takes the oldest message off the queue, or nil when none is on its way. Delivered
    /// messages are let go in batches, so a long session does not keep them all.
    mutating func next() -> Message? {
        guard head < messages.count else { return nil }
        let message = messages[head]
        head += 1
        if head > 1024 && head * 2 > messages.count {
            messages.removeFirst(head)
            head = 0
        }
        return message
    }
}
