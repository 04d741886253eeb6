import Dispatch
import HTTPServing
import Synchronization

/// The one queue between the HTTP server's threads and the world's: requests in arrival order,
/// each with its responder, and the word to stop.
final class ServeInbox: Sendable {
    /// A request waiting for the world, how to answer it, and why its token was refused (nil
    /// when it was accepted, or needs none).
    struct Call: Sendable {
        let request: HTTPRequest
        let responder: HTTPResponder
        let refusal: APITokenRefusal?
    }

    private let state = Mutex<(calls: [Call], stopping: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)

    /// Queues a request; called on the server's threads.
    func push(_ call: Call) {
        state.withLock { $0.calls.append(call) }
        wake.signal()
    }

    /// Asks the world's loop to stop (SIGTERM, SIGINT).
    func stop() {
        state.withLock { $0.stopping = true }
        wake.signal()
    }

    /// The requests waiting, oldest first, once one is there or `seconds` have passed; and
    /// whether the loop was asked to stop.
    func take(waitingUpTo seconds: Double) -> (calls: [Call], stopping: Bool) {
        let taken = drain()
        if !taken.calls.isEmpty || taken.stopping { return taken }
        _ = wake.wait(timeout: .now() + seconds)
        return drain()
    }

    /// The calls of the App Store Server API (or Google Play's Developer API) waiting, oldest first, the others left in order:
    /// what the world answers while it waits for a backend that asks before it answers.
    func takeServerAPICalls() -> [Call] {
        state.withLock { state in
            let api = state.calls.filter { ServeSession.needsToken($0.request) }
            if !api.isEmpty { state.calls.removeAll { ServeSession.needsToken($0.request) } }
            return api
        }
    }

    private func drain() -> (calls: [Call], stopping: Bool) {
        state.withLock { state in
            defer { state.calls.removeAll(keepingCapacity: true) }
            return (state.calls, state.stopping)
        }
    }
}
