import Foundation
import IAPCore
import Signing
import Storage

/// An in-app purchase key the world's App Store Server API accepts: its id, its issuer and its
/// public key, as `store.sqlite` keeps them (the private key is never kept).
public struct APIKey: Sendable, Equatable {
    /// Ten uppercase letters and digits, as Apple's key ids (`2X9R4HXF34`).
    public let keyId: String
    /// The world's issuer id: a lowercase UUID, the same for each of its keys.
    public let issuerId: String
    /// The public key as a DER SubjectPublicKeyInfo.
    public let publicKeyDER: [UInt8]

    public init(keyId: String, issuerId: String, publicKeyDER: [UInt8]) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.publicKeyDER = publicKeyDER
    }

    /// Whether `signature` (ES256's raw r‖s) signs `message` with this key.
    public func accepts(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        guard let parsed = try? ECDSASignature(raw: signature) else { return false }
        return (try? ECKeyPair.isValid(parsed, of: message, publicKeyDER: publicKeyDER)) ?? false
    }
}

/// A key just made: what the world keeps, and the private key as a PKCS#8 PEM (`.p8`) for the user.
public struct NewAPIKey: Sendable {
    public let key: APIKey
    public let privateKeyPEM: String
}

/// Makes and reads the in-app purchase keys kept in `store.sqlite`. A world made with an explicit
/// seed derives each key, key id and its issuer id from the seed and the key's number, so that
/// it is the same in every world of that seed; any other world draws them from the system's
/// random source.
public enum APIKeys {
    /// The setting a seeded world keeps the secret its keys are derived from in.
    static let secretSetting = "api-key-secret"
    /// The setting the world's issuer id is kept in, from its first key on.
    static let issuerSetting = "api-issuer-id"
    private static let keyIdAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// Every key the (possibly live) Store at `path` accepts, oldest first, read without changing it.
    public static func read(path: String) throws(StorageError) -> [APIKey] {
        let database = try StoreDatabase(path: path, readOnly: true)
        return try database.database.rows("SELECT number, key_id, issuer_id, public_key FROM api_keys ORDER BY number",
                                          table: "api_keys", key: "number") { (row) throws(SQLiteColumnError) in
            let text = try row.text("public_key")
            guard let der = Data(base64Encoded: text) else {
                throw .unknownValue(column: "public_key", value: text)
            }
            return APIKey(keyId: try row.text("key_id"), issuerId: try row.text("issuer_id"), publicKeyDER: Array(der))
        }
    }

    /// Makes a new key for the Store at `path`, hands it to `deliver` (which writes the private
    /// key for the user) and keeps its public half there; when `deliver` fails, nothing is kept.
    /// An error when the file holds no Store yet.
    public static func create(path: String, deliver: (NewAPIKey) throws(StorageError) -> Void = { _ in }) throws(StoreError) -> NewAPIKey {
        do throws(StorageError) {
            let database = try StoreDatabase(path: path, readOnly: false)
            guard try database.setting("receipt-key") != nil else {
                throw StorageError(path: path, problem: "holds no Store yet: run the world once first")
            }
            return try database.database.transaction { () throws(StorageError) -> NewAPIKey in
                let secret = try database.setting(secretSetting, as: { Data(base64Encoded: $0).map(Array.init) })
                let last = try database.database.rows("SELECT MAX(number) AS last FROM api_keys", table: "api_keys", key: "last") {
                    (row) throws(SQLiteColumnError) in try row.optionalInteger("last")
                }
                let number = (last.first ?? nil).map { $0 + 1 } ?? 1
                let issuerId: String
                if let stored = try database.setting(issuerSetting) {
                    issuerId = stored
                } else {
                    issuerId = DerivedUUID.text(from: try bytes(16, for: "issuer", secret: secret, path: path))
                    try database.setSetting(issuerSetting, issuerId)
                }
                let keyId = String(try bytes(10, for: "key id \(number)", secret: secret, path: path)
                    .map { keyIdAlphabet[Int($0) % keyIdAlphabet.count] })
                let pair = try keyPair(number, secret: secret, path: path)
                try database.database.query("INSERT INTO api_keys(number, key_id, issuer_id, public_key) VALUES(?, ?, ?, ?)",
                                            [.integer(number), .text(keyId), .text(issuerId),
                                             .text(Data(pair.publicKeyDER).base64EncodedString())])
                let made = NewAPIKey(key: APIKey(keyId: keyId, issuerId: issuerId, publicKeyDER: pair.publicKeyDER),
                                     privateKeyPEM: pair.privateKeyPEM)
                try deliver(made)
                return made
            }
        } catch {
            throw .storage(error)
        }
    }

    /// Key `number`'s pair: derived from a seeded world's secret, else random.
    private static func keyPair(_ number: Int64, secret: [UInt8]?, path: String) throws(StorageError) -> ECKeyPair {
        do {
            guard let secret else { return try ECKeyPair.random() }
            return try ECKeyPair.derived(from: secret, label: "api key \(number)")
        } catch {
            throw StorageError(path: path, problem: "cannot make the key: \(error)")
        }
    }

    /// `count` bytes for `purpose`: derived from a seeded world's secret, else random.
    private static func bytes(_ count: Int, for purpose: String, secret: [UInt8]?, path: String) throws(StorageError) -> [UInt8] {
        do {
            guard let secret else { return try RandomBytes.draw(count) }
            return Array(try Hashing.hmacSHA256(key: secret, Array("storesim \(purpose)".utf8)).prefix(count))
        } catch {
            throw StorageError(path: path, problem: "cannot make the key: \(error)")
        }
    }
}
