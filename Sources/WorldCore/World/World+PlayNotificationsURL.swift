import HTTPCalls
import IAPCore
import PlayEngine

/// Real-time developer notifications to a team's push endpoint (`server notifications url URL`
/// in a Google Play world): Pub/Sub POSTs each push there over real HTTP, with Pub/Sub's push
/// JSON, instead of handing it to the built-in Server. Pub/Sub: a push is acknowledged when "the
/// endpoint returns a success status code" (any 2xx); any other status, or no answer within the
/// outside server's 5 seconds, leaves the message pending, and Pub/Sub pushes it again on its
/// schedule (`PlayStore+RTDN`). The URL is the one the App Store's notifications use, kept in
/// `store.sqlite`; the exchange is `sendOutside`'s, as theirs is.
extension World {
    /// POSTs one push of `push` to `url`, tells on the timeline how it ended (delivered on a
    /// 2xx, dropped otherwise) and has Pub/Sub stop pushing an acknowledged message.
    func post(_ push: PubSubPush, _ sent: SentMessage, to url: String) throws(WorldError) {
        let outcome = sendOutside("POST", url, body: push.json(packageName: catalog.app.bundleId))
        var status: Int?
        if case .answered(let code, _) = outcome { status = code }
        let acknowledged = status.map { (200..<300).contains($0) } ?? false
        let said = PlaySaid.rtdnPosted(MessageSubject(push.order?.transactionId), type: push.notification.typeName, messageId: push.messageId,
                                       attempt: push.attempt, url: url, status: status, problem: status == nil ? outcome.english : nil)
        try timeline.record(acknowledged ? .delivered : .dropped, at: nowMillis, from: .play, to: .server, what: .message(.play(said)),
                            subject: sent.message.subject, sentSeq: sent.sentSeq)
        try timeline.writeHeld()
        guard acknowledged else { return }
        try onPlay { [now] (play) throws(PlayError) in try play.acknowledgedPush(push.messageId, at: now) }
    }
}
