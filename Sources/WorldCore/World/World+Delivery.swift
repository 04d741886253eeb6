import IAPCore

/// The network between the parties: each message is delivered to its receiver, or dropped
/// with why it never arrived. A request to the Server that never arrives, or a reply of the
/// Server that is lost, is answered to the app by the network.
extension World {
    /// Begins a run of messages to `party`: the Store's or the Server's writes join one batch,
    /// the app's cache removals wait for one fsync, and the events wait to be written together.
    func beginRun(for party: Party) throws(WorldError) {
        timeline.hold()
        switch party {
        case .store:
            do {
                try store.beginBatch()
            } catch {
                throw .file(path: directory.storeDatabase, problem: error.problem)
            }
        case .server:
            do {
                try server.beginBatch()
            } catch {
                throw .file(path: directory.serverDatabase, problem: error.storage.problem)
            }
        case .app:
            host.beginRun()
        default:
            break
        }
    }

    /// Ends the run: its events are written to the log, then whatever its receiver wrote is
    /// made durable, by one commit or one fsync.
    func endRun() throws(WorldError) {
        var unwritten: WorldError?
        do {
            try timeline.release()
        } catch {
            unwritten = error
        }
        do {
            try store.commitBatch()
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        do {
            try server.commitBatch()
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        try host.endRun()
        if let unwritten { throw unwritten }
    }

    func route(_ sent: SentMessage) throws(WorldError) {
        let message = sent.message
        switch message.to {
        case .store:
            if let reason = lostAfterTheServerCommitted(message) {
                try record(.dropped, sent, reason: reason)
                return
            }
            try record(.delivered, sent)
            do {
                try store.receive(message, link: link)
            } catch {
                throw .file(path: directory.storeDatabase, problem: error.problem)
            }
        case .server:
            if case .notification(let notification) = message, let url = store.notificationsURL {
                try post(notification, sent, to: url)
            } else if case .play(.rtdn(let push)) = message, let url = store.notificationsURL {
                try post(push, sent, to: url)
            } else {
                try deliverToServer(sent)
            }
        case .app:
            if message.from == .server, let reason = lostReplyReason() {
                try record(.dropped, sent, reason: reason)
                tellTheAppNothingCame(about: message, reason: .reply(reason))
                return
            }
            try deliverToApp(sent)
        case .play:
            try deliverToPlay(sent)
        default:
            break
        }
    }

    private func deliverToServer(_ sent: SentMessage) throws(WorldError) {
        let message = sent.message
        if let reason = unreachableServerReason(for: message) {
            try record(.dropped, sent, reason: reason)
            tellTheAppNothingCame(about: message, reason: .request(reason))
            return
        }
        if let url = settings.serverURL, message.from == .app {
            try deliverToOutsideServer(sent, url: url)
            return
        }
        try record(.delivered, sent)
        do {
            try server.receive(message, link: link)
        } catch {
            let problem = SaveProblem(error.storage)
            try note(.server(.couldNotSave(problem: problem)), from: .server, about: message)
            tellTheAppNothingCame(about: message, reason: .serverCouldNotSave(problem: problem))
        }
    }

    /// The network tells the app that a request or reply about something never arrived: about
    /// each of its orders, for a recovery's (whose request names no one transaction).
    func tellTheAppNothingCame(about message: Message, reason: NoAnswer) {
        guard message.answersTheApp else { return }
        let orders = message.recoveredOrders
        guard orders.isEmpty else {
            for id in orders { link.send(.verificationFailed(VerificationFailure(transactionId: id, reason: reason))) }
            return
        }
        guard let subject = message.subject else { return }
        link.send(.verificationFailed(VerificationFailure(transactionId: subject.transactionId, reason: reason)))
    }

    private func unreachableServerReason(for message: Message) -> DropReason? {
        if message.from == .app && !settings.networkOnline { return .networkOffline }
        if settings.server == .down { return .serverDown }
        return nil
    }

    /// Under `drop-response` what the Server sends the Store once it has committed is lost, as
    /// its replies to the app are: its HTTP 200 to a notification, and its Finish Transaction
    /// call (server-finishes), which leaves the transaction it credited unfinished in the queue.
    private func lostAfterTheServerCommitted(_ message: Message) -> DropReason? {
        guard settings.server == .dropResponse else { return nil }
        switch message {
        case .notificationAcknowledged: return .replyLost
        case .serverFinishTransaction, .sendConsumptionInformation: return .callLost
        default: return nil
        }
    }

    private func lostReplyReason() -> DropReason? {
        if !settings.networkOnline { return .networkWentOffline }
        if settings.server == .dropResponse { return .replyLost }
        return nil
    }
}
