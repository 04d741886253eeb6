import IAPCore

/// Which strategy finished a transaction before the Server credited it, kept in the world's
/// settings until the Server answers that it credited it, so that a loss is told under the
/// strategy that lost it.
extension World {
    /// Keeps the books of the messages sent since it last did: after every delivery and
    /// command, and before the settings are changed or saved; a finish or an answer is only ever
    /// sent inside one of those.
    func keepBooksOfSentMessages() {
        link.drainSent { noteEarlyFinish($0) }
    }

    /// Notes what `message`, sent, tells of an early finish: the app finishing a transaction
    /// under a strategy that finishes at once, or the Server answering that it credited one.
    private func noteEarlyFinish(_ message: Message) {
        switch message {
        case .finishTransaction(let id), .finish(let id):
            guard message.from == .app, settings.strategy.finishesAtOnce else { return }
            settings.noteEarlyFinish(id, under: settings.strategy)
        case .verificationAnswered(let answer):
            forgetCredited([answer])
        case .recoveryAnswered(let answers):
            forgetCredited(answers)
        default:
            break
        }
    }

    private func forgetCredited(_ answers: [VerificationAnswer]) {
        guard settings.finishedEarly != nil else { return }
        for answer in answers where answer.outcome == .credited || answer.outcome == .alreadyCredited {
            if let id = answer.transactionId { settings.credited(id) }
        }
    }
}
