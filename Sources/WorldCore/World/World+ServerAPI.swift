import IAPCore
import StoreEngine

extension World {
    /// Answers one call a backend made of the App Store Server API (`storesim serve`), at the
    /// world's now, and tells it on the timeline with its status. A call that changes the Store
    /// (any method but GET) is followed, as a command is, by the delivery of what it set moving:
    /// the TEST notification a test asks for, the RENEWAL_EXTENDED of an extension. A call made
    /// while the world waits for the backend (which asks before it answers) changes the Store at
    /// once; what it set moving is delivered after the world's own delivery, in turn.
    public func answerServerAPI(_ request: ServerAPIRequest) throws(WorldError) -> ServerAPIResponse {
        let response: ServerAPIResponse
        do {
            response = try store.answer(request, link: link)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try recordServerAPICall(method: request.method, path: request.path, status: response.status, refusal: nil)
        if request.method != "GET" && outsideCallDepth == 0 { try settle() }
        return response
    }

    /// Tells a call of the App Store Server API on the timeline: one the Store answered with
    /// `status`, or one turned down before it (`refusal`, why: its token).
    public func recordServerAPICall(method: String, path: String, status: Int, refusal: String?) throws(WorldError) {
        try record(.note, from: .store, to: nil, what: .store(.serverAPI(method: method, path: path, status: status, refusal: refusal)),
                   transactionId: nil)
    }
}
