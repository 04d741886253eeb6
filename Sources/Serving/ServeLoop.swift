import Dispatch
import Foundation
import Glibc
import HTTPServing
import WorldCore

/// The world's thread while `serve` runs: takes requests from the server's threads in arrival
/// order and answers each through the session, until SIGTERM or SIGINT; then it stops taking
/// connections, answers what is in flight (for up to `drainSeconds`) and stops the server.
/// Under the interface (`serve --tui`) the interface's loop is the world's thread, and it asks
/// for the requests waiting between keys. `chaos --server-url` serves its runs' worlds one after
/// another through it (`serve(_:)`).
public final class ServeLoop {
    private var session: ServeSession?
    private let token: APIToken
    private let inbox = ServeInbox()
    private var signals: [DispatchSourceSignal] = []
    public let drainSeconds: Double = 10

    /// What one turn of `answerWaiting` did.
    public enum Turn: Equatable, Sendable {
        /// Nothing was waiting.
        case idle
        /// Requests were answered: the world may have changed.
        case answered
        /// SIGTERM or SIGINT asked the loop to stop.
        case stopping
    }

    /// While the world waits for a team's backend, the backend's own calls of the App Store
    /// Server API are answered; scripts wait their turn.
    public convenience init(session: ServeSession) {
        self.init(token: session.token)
        serve(session)
    }

    /// A loop that answers no world yet (`serve`): tokens are judged by `token`, which must
    /// accept the keys of every session it serves.
    public init(token: APIToken) {
        self.token = token
    }

    /// Makes `next` the session that answers from now on, in place of the one before, whose
    /// world no longer answers while it waits; nil: no world answers, and requests wait.
    public func serve(_ next: ServeSession?) {
        session?.world.duringOutsideCalls = nil
        session = next
        guard let next else { return }
        let inbox = inbox
        next.world.duringOutsideCalls = { [unowned next] in
            for call in inbox.takeServerAPICalls() { call.responder.respond(next.answer(call.request, refusal: call.refusal)) }
        }
    }

    /// Answers the calls of the App Store Server API waiting, in the session's world.
    public func answerServerAPICalls() {
        session?.world.duringOutsideCalls?()
    }

    /// Starts the server on `address`, requests going to this loop; a call of the App Store
    /// Server API or of Google Play's Developer API has its token judged first, on the server's
    /// thread. `others`, when given, is the answer to any other request, given at once on the
    /// server's thread. From now on, unless
    /// `stopsOnSignals` is false (chaos, whose runs a signal ends with the process), SIGTERM and
    /// SIGINT ask the loop to stop.
    public func start(address: ListenAddress, limits: HTTPLimits = HTTPLimits(),
                      tls: (key: String, certificate: String)?, others: HTTPResponse? = nil,
                      stopsOnSignals: Bool = true) throws(HTTPServerError) -> HTTPServer {
        let inbox = inbox
        let token = token
        let server = try HTTPServer(address: address, limits: limits, tls: tls, oversized: ServeSession.bodyTooLong) { request, responder in
            let api = ServeSession.isServerAPI(request)
            if !ServeSession.needsToken(request), let others { return responder.respond(others) }
            if !ServeSession.isForTheWorld(request) { return responder.respond(ServeSession.notFound) }
            let refusal = api ? token.refusal(of: request.authorization, now: Date())
                : ServeSession.isPlayAPI(request) ? token.playRefusal(of: request.authorization) : nil
            inbox.push(ServeInbox.Call(request: request, responder: responder, refusal: refusal))
        }
        if stopsOnSignals { catchSignals() }
        return server
    }

    /// Answers requests until SIGTERM or SIGINT, then drains and stops `server`.
    public func run(_ server: HTTPServer) {
        while true {
            let (calls, stopping) = inbox.take(waitingUpTo: 1)
            calls.forEach(answer)
            if stopping { break }
        }
        stop(server)
    }

    /// Answers the requests waiting now, without waiting for more.
    public func answerWaiting() -> Turn {
        let (calls, stopping) = inbox.take(waitingUpTo: 0)
        calls.forEach(answer)
        if stopping { return .stopping }
        return calls.isEmpty ? .idle : .answered
    }

    /// Stops taking connections, answers the requests in flight (for up to `drainSeconds`;
    /// without a session, that the server is stopping), turns away what is left and stops `server`.
    public func stop(_ server: HTTPServer) {
        server.stopAccepting()
        let deadline = Date().addingTimeInterval(drainSeconds)
        while server.inFlight > 0, Date() < deadline {
            inbox.take(waitingUpTo: 0.05).calls.forEach(answer)
        }
        inbox.take(waitingUpTo: 0).calls.forEach { $0.responder.respond(ServeSession.stopping) }
        server.stop()
    }

    private func answer(_ call: ServeInbox.Call) {
        call.responder.respond(session?.answer(call.request, refusal: call.refusal) ?? ServeSession.stopping)
    }

    private func catchSignals() {
        DataDirectory.leaveInterruptsToTheProcess()
        let inbox = inbox
        signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { inbox.stop() }
            source.resume()
            return source
        }
    }
}
