import Foundation
import IAPCore

/// The link every party holds: it puts their messages on the world's queue and their notes on
/// its timeline, reads the simulated clock, and tells whether the app dies at a crash point. It
/// holds neither the world nor any party; the world takes the messages off its queue and routes
/// them, and keeps its own books of what was sent (`drainSent`).
final class WorldLink: Link {
    let timeline: Timeline
    /// Messages on their way, oldest first.
    var queue = MessageQueue()
    /// The simulated clock, in milliseconds since 1970.
    var nowMillis: Int64
    /// The crash point armed on the device.
    var arming = CrashArming()
    /// Messages sent since the world last kept its books of them.
    private var sent: [Message] = []

    init(timeline: Timeline, nowMillis: Int64) {
        self.timeline = timeline
        self.nowMillis = nowMillis
    }

    var now: Date { SimulatedTime.date(millis: nowMillis) }

    /// Puts a message on its way and records it as sent, at the moment the sender acted.
    func send(_ message: Message) {
        let said = message.said
        let summary = said.english
        let sentSeq = timeline.note(.message, at: nowMillis, from: message.from, to: message.to, what: .message(said), text: summary,
                                    subject: message.subject)
        queue.send(message, sentSeq: sentSeq, said: said, summary: summary)
        sent.append(message)
    }

    func note(_ happening: Happening, from: Party, to: Party?, transactionId: TransactionID?) {
        timeline.note(.note, at: nowMillis, from: from, to: to, what: happening, subject: transactionId.map(MessageSubject.transaction))
    }

    func reached(_ point: CrashPoint) throws(AppCrash) {
        try arming.reached(point)
    }

    func passed(_ point: CrashPoint) {
        arming.passed(point)
    }

    /// Records an event on the timeline, now.
    func record(_ kind: Event.Kind, from: Party, to: Party?, what: Happening, transactionId: TransactionID?) throws(WorldError) {
        try timeline.record(kind, at: nowMillis, from: from, to: to, what: what, subject: transactionId.map(MessageSubject.transaction))
    }

    /// Hands `keep` each message sent since the last call, oldest first, then forgets them
    /// (keeping the room, so that a delivery's few messages cost no allocation).
    func drainSent(_ keep: (Message) -> Void) {
        for message in sent { keep(message) }
        sent.removeAll(keepingCapacity: true)
    }
}
