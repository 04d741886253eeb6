import Foundation
import HTTPServing
import IAPCore
import PlayEngine
import Serving
import Synchronization
import TestSupport
import WorldCore

/// A world that sells on Google Play, served in this process as `serve` serves it: scripts and
/// calls of the Developer API go through its `ServeSession`, and the transcript is kept.
final class ServedPlayWorld {
    let folder: TemporaryFolder
    let world: World
    let session: ServeSession
    private let printed = Printed()

    /// Where the Developer API's purchases are, for the app `com.storesim.app`.
    static let purchases = "/androidpublisher/v3/applications/com.storesim.app/purchases/"

    init() throws {
        folder = try TemporaryFolder()
        world = try folder.world(seed: 5, store: .play)
        let printed = printed
        session = ServeSession(world: world, keys: [], print: { line in printed.lines.withLock { $0.append(line) } }, warn: { _ in })
    }

    /// The transcript printed so far.
    var transcript: [String] { printed.lines.withLock { $0 } }

    /// `Authorization: Bearer TOKEN` with the world's access token.
    var bearer: String { "Bearer " + (world.playAccessToken ?? "") }

    /// Runs scenario lines through `POST /storesim/script`; what it answers.
    @discardableResult
    func script(_ text: String) throws -> ScriptAnswer {
        let response = session.answer(HTTPRequest(method: "POST", path: "/storesim/script", body: Array(text.utf8)))
        return try ScriptAnswer(reading: String(decoding: response.body, as: UTF8.self))
    }

    /// One call, with the world's access token unless `authorization` is given.
    func call(_ method: String, _ path: String, query: [(name: String, value: String)] = [],
              authorization: String?? = .none) -> (status: Int, body: String) {
        let response = session.answer(HTTPRequest(method: method, path: path, query: query, authorization: authorization ?? bearer))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    /// Play's latest purchase of `productId`.
    func purchase(of productId: String) throws -> PlayPurchaseRecord {
        guard let record = try PlayStore.readRecords(path: world.directory.playDatabase).last(where: { $0.productId == productId }) else {
            throw PlayWorldProblem(problem: "no purchase of \(productId)")
        }
        return record
    }

    /// The path of `purchases.products.get` of a purchase (`suffix` ":acknowledge", ":consume").
    static func tokenPath(_ record: PlayPurchaseRecord, suffix: String = "") -> String {
        purchases + "products/\(record.productId)/tokens/\(record.token)\(suffix)"
    }
}

/// The transcript's lines, as printed.
final class Printed: Sendable {
    let lines = Mutex<[String]>([])
}

/// A served Play world that failed a test's step.
struct PlayWorldProblem: Error {
    let problem: String
}
