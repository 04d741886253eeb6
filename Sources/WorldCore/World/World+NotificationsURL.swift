import IAPCore

/// App Store Server Notifications V2 to a team's URL (`server notifications url URL`): the Store
/// POSTs `{"signedPayload": …}` there over real HTTP instead of handing it to the built-in Server,
/// synchronously during delivery, so the world stays single-threaded. HTTP 200 acknowledges the
/// notification; anything else is a failed attempt, retried on Apple's schedule (`NotificationRetry`).
extension World {
    /// `server notifications url URL|off`: the Store keeps the URL in `store.sqlite`, as App
    /// Store Connect keeps a team's, and posts its notifications there; nil puts the built-in
    /// Server back.
    func notificationsURL(_ url: String?) throws(WorldError) {
        do {
            try store.setNotificationsURL(url)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try record(.command, from: .user, to: .store, what: .user(.notificationsURL(url: url)), transactionId: nil)
    }

    /// POSTs one attempt of `notification` to `url`, records how it ended (delivered on HTTP
    /// 200, dropped otherwise) and writes that to the timeline before the Store keeps the
    /// attempt's `sendAttemptResult`.
    func post(_ notification: ServerNotification, _ sent: SentMessage, to url: String) throws(WorldError) {
        let body = EventJSONWriter.object { $0.put("signedPayload", notification.signedPayload) }
        // A backend that hangs costs one timeout (a `TIMED_OUT` attempt), never the world.
        let outcome = sendOutside("POST", url, body: body)
        let result = SendAttemptResult(outcome)
        var status: Int?
        if case .answered(let code, _) = outcome { status = code }
        let said = MessageSaid.notificationPosted(type: Message.type(of: notification), notification.transactionId,
                                                  attempt: notification.attempt, url: url, result: result, status: status)
        try timeline.record(result == .success ? .delivered : .dropped, at: nowMillis, from: .store, to: .server, what: .message(said),
                            subject: sent.message.subject, sentSeq: sent.sentSeq)
        try timeline.writeHeld()
        do {
            try store.attempted(notification, result: result)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
    }
}
