import Foundation
import HTTPServing
import IAPCore
import ReadSide
import ScenarioLanguage
import StoreEngine
import WorldCore

/// One world served over HTTP: answers each request on the world's thread, one at a time in
/// arrival order — the App Store Server API under `/inApps/`, Google Play's Developer API under
/// `/androidpublisher/`, scenario lines under
/// `/storesim/script` — and prints the transcript of what the world did.
public final class ServeSession {
    public let world: World
    private let runner: ScenarioRunner
    /// The App Store Server API's token check, which the server's threads run before a request
    /// reaches the world.
    let token: APIToken
    private let transcript = EventTranscript()
    /// Prints the transcript, and keeps the lines of the script being run.
    private let captured: CapturedLines
    private let warn: (String) -> Void

    /// Serves `world`, accepting tokens of `keys`, printing each transcript line with `print` and
    /// each request turned down with `warn`.
    public init(world: World, keys: [APIKey], print: @escaping (String) -> Void, warn: @escaping (String) -> Void) {
        self.world = world
        self.warn = warn
        token = APIToken(keys: keys, bundleId: world.catalog.app.bundleId, playAccessToken: world.playAccessToken)
        let captured = CapturedLines(print: print)
        self.captured = captured
        runner = ScenarioRunner(world: world, output: captured.emit)
        let transcript = transcript
        world.onEvent = { event in transcript.lines(event).forEach(captured.emit) }
    }

    /// What the scripts' `expect` lines read of the world: the one read model a served world
    /// has, which the interface beside it reads too (the Store keeps one mark of what each
    /// read has seen, so two read models would each miss what the other read first).
    public var readModel: ReadModel { runner.readModel }

    /// The answer to `request`, the world changed as it asks; wall-clock `now` judges tokens.
    public func answer(_ request: HTTPRequest, now: Date = Date()) -> HTTPResponse {
        let refusal = Self.isServerAPI(request) ? token.refusal(of: request.authorization, now: now)
            : Self.isPlayAPI(request) ? token.playRefusal(of: request.authorization) : nil
        return answer(request, refusal: refusal)
    }

    /// The answer to `request`, whose token was judged already (`refusal`, nil when accepted).
    func answer(_ request: HTTPRequest, refusal: APITokenRefusal?) -> HTTPResponse {
        if Self.isScript(request) { return script(request) }
        if Self.isServerAPI(request) { return serverAPI(request, refusal: refusal) }
        if Self.isPlayAPI(request) { return playAPI(request, refusal: refusal) }
        return Self.notFound
    }

    /// Whether `request` is for the world: a call of the App Store Server API or a script. Any
    /// other is answered `notFound` at once, without waiting for the world (a `server url` that
    /// points back at this serve gets its 404 rather than waiting for a world that waits for it).
    static func isForTheWorld(_ request: HTTPRequest) -> Bool {
        isScript(request) || needsToken(request)
    }

    /// Whether `request` is a call of an API that needs a token: Apple's or Google Play's.
    static func needsToken(_ request: HTTPRequest) -> Bool {
        isServerAPI(request) || isPlayAPI(request)
    }

    /// Whether `request` is a call of Google Play's Developer API, which needs the world's access token.
    static func isPlayAPI(_ request: HTTPRequest) -> Bool {
        request.path.hasPrefix("/androidpublisher/")
    }

    private static func isScript(_ request: HTTPRequest) -> Bool {
        request.path == "/storesim/script"
    }

    /// The answer to a path StoreSim does not serve.
    static let notFound = HTTPResponse.text(404, "Not Found: StoreSim serves the App Store Server API under /inApps/, Google Play's "
                                            + "Developer API under /androidpublisher/v3/ and scripts at POST /storesim/script")

    /// Whether `request` is a call of the App Store Server API, which needs a token.
    static func isServerAPI(_ request: HTTPRequest) -> Bool {
        request.path.hasPrefix("/inApps/")
    }

    /// The answer to a request that cannot be carried out because the server is stopping.
    public static let stopping = HTTPResponse.text(503, "Service Unavailable: storesim is stopping")

    /// The answer to a body past the limit: Apple's `BodyTooLongError`.
    public static let bodyTooLong = http(.error(.bodyTooLong))

    private func serverAPI(_ request: HTTPRequest, refusal: APITokenRefusal?) -> HTTPResponse {
        if let refusal {
            warn("\(request.method) \(request.path) → 401 Unauthenticated: \(refusal.english)")
            do {
                try world.recordServerAPICall(method: request.method, path: request.path, status: 401, refusal: refusal.english)
            } catch {
                return failed(error)
            }
            return .text(401, "Unauthenticated")
        }
        let call = ServerAPIRequest(method: request.method, path: request.path, query: request.query, body: request.body)
        let response: ServerAPIResponse
        do {
            response = try world.answerServerAPI(call)
        } catch {
            return failed(error)
        }
        return Self.http(response)
    }

    /// A call of Google Play's Developer API: Google's 401 for a token turned down, else the world's answer.
    private func playAPI(_ request: HTTPRequest, refusal: APITokenRefusal?) -> HTTPResponse {
        if let refusal {
            warn("\(request.method) \(request.path) → 401 Unauthenticated: \(refusal.english)")
            do {
                try world.recordPlayAPICall("\(request.method) \(request.path)", order: nil, status: 401, refusal: refusal.english)
            } catch {
                return failed(error)
            }
            return .json(401, DeveloperAPIError.unauthenticated.jsonText)
        }
        do {
            return Self.http(try world.answerPlayAPI(ServerAPIRequest(method: request.method, path: request.path, query: request.query,
                                                                      body: request.body)))
        } catch {
            return failed(error)
        }
    }

    /// The API's answer as HTTP.
    private static func http(_ response: ServerAPIResponse) -> HTTPResponse {
        HTTPResponse(status: response.status, contentType: response.contentType, body: response.body, delaySeconds: Double(response.delaySeconds))
    }

    /// Apple's retryable 500 for a world that could not carry a call out (a full disk), said on stderr.
    private func failed(_ error: WorldError) -> HTTPResponse {
        warn("the world failed: \(error.description)")
        return Self.http(.error(.generalInternalRetryable))
    }

    /// Runs the body's scenario lines as `run` would, in this world; the query's `file` names
    /// the script in the transcript and in errors.
    private func script(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else {
            return HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8", body: Array("Method Not Allowed: POST scenario lines\n".utf8),
                                headers: [("Allow", "POST")])
        }
        guard request.fromLoopback else { return .text(403, "Forbidden: scripts are taken from this machine only") }
        let file = request.query.last(where: { $0.name == "file" })?.value ?? "script"
        guard let text = String(validating: request.body, as: UTF8.self) else {
            return .json(200, ScriptAnswer(exit: 2, error: "the script is not UTF-8 text").json)
        }
        let steps: [ScenarioStep]
        do {
            steps = try ScenarioParser(catalog: world.catalog, store: world.settings.store).parse(text, file: file)
        } catch {
            return .json(200, ScriptAnswer(exit: 2, error: error.description).json)
        }
        let metBefore = runner.metExpectations
        let failedBefore = runner.failedExpectations.count
        captured.start()
        var answer = ScriptAnswer()
        do {
            try runner.run(steps, file: file)
        } catch {
            answer.exit = 2
            answer.error = error.description
        }
        answer.transcript = captured.stop()
        answer.met = runner.metExpectations - metBefore
        answer.failures = Array(runner.failedExpectations.dropFirst(failedBefore))
        if answer.exit == 0, !answer.failures.isEmpty { answer.exit = 1 }
        return .json(200, answer.json)
    }
}

/// The transcript's printer, which also keeps the lines printed while a script runs.
private final class CapturedLines {
    private let print: (String) -> Void
    private var lines: [String]?

    init(print: @escaping (String) -> Void) {
        self.print = print
    }

    func emit(_ line: String) {
        print(line)
        lines?.append(line)
    }

    func start() { lines = [] }

    func stop() -> [String] {
        defer { lines = nil }
        return lines ?? []
    }
}
