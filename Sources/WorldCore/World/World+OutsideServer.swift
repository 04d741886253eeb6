import Foundation
import HTTPCalls
import IAPCore

extension World {
    /// The most seconds the app's request waits for the outside server: a server that hangs
    /// costs this, never the world.
    static let outsideServerTimeout: Double = 5

    /// Carries the app's message to the outside server at `url` (`server url`) in place of the
    /// built-in Server: each verification as `POST URL/storesim/verify`, its answer sent back to
    /// the app as the built-in Server's would be. No usable answer is a Server that is down: the
    /// app keeps the purchase and asks again later.
    func deliverToOutsideServer(_ sent: SentMessage, url: String) throws(WorldError) {
        let message = sent.message
        try record(.delivered, sent)
        switch message {
        case .verifyPurchase(let request): try verifyOutside(request, signed: false, url: url)
        case .verifySignedTransaction(let request): try verifyOutside(request, signed: true, url: url)
        case .play(.verifyPurchase(let request)):
            try verifyOutside(request, url: url) { [catalog] _ in OutsideVerifyBody(play: request, packageName: catalog.app.bundleId) }
        default:
            try note(.server(.outsideServer(nil, url: url, .notInProtocol("StoreSim's protocol has no call for this request: no answer"))),
                     from: .server, about: message)
            tellTheAppNothingCame(about: message, reason: .request(.serverDown))
        }
    }

    private func verifyOutside(_ request: VerificationRequest, signed: Bool, url: String) throws(WorldError) {
        try verifyOutside(request, url: url) { id in OutsideVerifyBody(request, transactionId: id, signed: signed) }
    }

    /// Asks the outside server about each purchase `request` names, `body` the request's JSON for
    /// each, and answers the app as the built-in Server would.
    private func verifyOutside(_ request: VerificationRequest, url: String,
                               body: (TransactionID) -> OutsideVerifyBody) throws(WorldError) {
        guard request.purpose != .receiptCheck else {
            // The protocol verifies purchases one by one; the launch's check of the receipt for
            // refunds has no call in it, so the app is told nothing was revoked.
            try record(.note, from: .server, to: nil,
                       what: .server(.outsideServer(nil, url: url, .notInProtocol("no call checks the current receipt: nothing revoked"))),
                       transactionId: nil)
            link.send(.verificationAnswered(VerificationAnswer(transactionId: nil, outcome: .receiptChecked(revoked: 0, credited: 0),
                                                               productId: nil)))
            return
        }
        let ids = request.orders.isEmpty ? request.transactionId.map { [$0] } ?? [] : request.orders
        var answers: [VerificationAnswer] = []
        for id in ids {
            let reply = ask(url, body(id))
            try record(.note, from: .server, to: nil, what: .server(.outsideServer(id, url: url, reply)), transactionId: id)
            let outcome: VerificationOutcome
            switch reply {
            case .credited:
                outcome = .credited
                link.passed(.serverCommitted)
            case .alreadyCredited: outcome = .alreadyCredited
            case .rejected: outcome = .refused(.rejectedByOutsideServer)
            case .noAnswer, .notInProtocol:
                link.send(.verificationFailed(VerificationFailure(transactionId: id, reason: .request(.serverDown))))
                continue
            }
            answers.append(VerificationAnswer(transactionId: id, outcome: outcome, productId: request.orders.isEmpty ? request.productId : nil))
        }
        if !request.orders.isEmpty {
            if !answers.isEmpty { link.send(.recoveryAnswered(answers)) }
        } else if let answer = answers.first {
            link.send(.verificationAnswered(answer))
        }
    }

    /// One HTTP exchange with a team's backend, at most `outsideServerTimeout` long. While it
    /// waits, the world goes on answering what `duringOutsideCalls` answers (`storesim serve`:
    /// the backend's own calls of the App Store Server API, which it may make before it answers).
    func sendOutside(_ method: String, _ url: String, body: [UInt8]) -> HTTPOutcome {
        outsideCallDepth += 1
        defer { outsideCallDepth -= 1 }
        return HTTPClient.shared.send(method, url, body: body, timeout: Self.outsideServerTimeout, whileWaiting: duringOutsideCalls)
    }

    /// The outside server's reply to one verification.
    private func ask(_ url: String, _ body: OutsideVerifyBody) -> OutsideServerReply {
        let endpoint = OutsideURL.endpoint(url, "storesim/verify")
        switch sendOutside("POST", endpoint, body: body.json) {
        case .answered(let status, let bytes) where status == 200: return OutsideVerifyBody.reply(bytes)
        case let other: return .noAnswer(other.english)
        }
    }
}
