import Foundation
import IAPCore
import Signing
@testable import StoreEngine
import Testing
import TestSupport

/// A Store serving StoreKit 2 in a temporary folder, and the App Store Server API calls a
/// backend makes of it, each answer's JSON read back as a backend's JSON library reads it.
final class ServerAPIFixture {
    let folder: TemporaryFolder
    let link = RecordingLink()
    let store: Store
    var path: String { folder.path + "/store.sqlite" }

    init(notifications: Bool = false) throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
        try store.serve(.storekit2, from: link.now)
        if notifications { try store.setNotifications(true, from: link.now) }
    }

    /// Buys `productId` and returns the new transaction, left unfinished.
    @discardableResult
    func buy(_ productId: String) throws -> StoreRecord {
        try store.receive(.purchase(PaymentRequest(productId: productId, answer: .confirm)), link: link)
        _ = link.take()
        return try #require(try store.transactions().last)
    }

    /// The answer to one call.
    func call(_ method: String, _ path: String, query: [(name: String, value: String)] = [], body: String = "") throws -> ServerAPIResponse {
        try store.answer(ServerAPIRequest(method: method, path: path, query: query, body: Array(body.utf8)), link: link)
    }

    /// The JSON object an answer's body holds.
    static func object(_ response: ServerAPIResponse) throws -> [String: Any] {
        #expect(response.contentType == "application/json")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// The status and `errorCode` of an answer that is an error.
    static func error(_ response: ServerAPIResponse) throws -> (status: Int, code: Int?) {
        (response.status, try object(response)["errorCode"] as? Int)
    }

    /// Each `sendAttemptItem` of `attempts` as "DATE RESULT".
    static func attempts(_ attempts: Any?) -> [String] {
        (attempts as? [[String: Any]] ?? []).map { "\(($0["attemptDate"] as? Int) ?? -1) \(($0["sendAttemptResult"] as? String) ?? "")" }
    }

    /// The payload of a JWS the Store signed, verified against its root.
    func payload(_ jws: String) throws -> [String: Any] {
        let root = try #require(store.rootCertificate)
        let bytes = try JWSVerifier(root: root).verify(jws, at: .signedDate)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// The transaction ids the JWSs of `field` in `object` name, in order.
    func transactionIds(_ object: [String: Any], _ field: String = "signedTransactions") throws -> [String] {
        try (object[field] as? [String] ?? []).map { try payload($0)["transactionId"] as? String ?? "" }
    }
}
