import Foundation
import Storage

/// Who a Store is to a team's backend: its key (from which its signing keys come), its
/// certificate chains, its shared secret and the in-app purchase keys of its App Store Server
/// API, as another world's `store.sqlite` keeps them. A Store made with it (`StoreOrigin`) signs
/// with that world's root and accepts that world's API keys, so that a backend set up for that
/// world works unchanged against it.
public struct StoreIdentity: Sendable {
    /// The settings rows that make it, as the world keeps them.
    let settings: [(key: String, value: String)]
    /// The in-app purchase keys the world's App Store Server API accepts, oldest first.
    public let apiKeys: [APIKey]
    /// The root certificate the world signs with (PEM); nil when it never signed.
    public var rootCertificate: String? { settings.first { $0.key == Signatures.certificateSettings[0] }?.value }

    /// The settings that are the world's identity.
    static let settingKeys = ["receipt-key", "shared-secret", APIKeys.secretSetting, APIKeys.issuerSetting]
        + Signatures.certificateSettings + Signatures.receiptCertificateSettings

    /// The identity of the (possibly live) Store at `path`, read without changing the file; nil
    /// when there is no Store there yet.
    public static func read(path: String) throws(StorageError) -> StoreIdentity? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let database = try StoreDatabase(path: path, readOnly: true)
        guard try database.setting("receipt-key") != nil else { return nil }
        var settings: [(key: String, value: String)] = []
        for key in settingKeys {
            if let value = try database.setting(key) { settings.append((key, value)) }
        }
        return StoreIdentity(settings: settings, apiKeys: try APIKeys.read(path: path))
    }

    /// Writes the identity into a Store being made in `database`.
    func write(into database: StoreDatabase) throws(StorageError) {
        for (key, value) in settings {
            try database.setSetting(key, value)
        }
        for (index, key) in apiKeys.enumerated() {
            try database.database.query("INSERT INTO api_keys(number, key_id, issuer_id, public_key) VALUES(?, ?, ?, ?)",
                                        [.integer(Int64(index + 1)), .text(key.keyId), .text(key.issuerId),
                                         .text(Data(key.publicKeyDER).base64EncodedString())])
        }
    }
}
