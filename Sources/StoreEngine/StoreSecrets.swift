import Foundation
import Signing
import Storage

/// The secrets a new Store is made with: its key (kept as `receipt-key`, the name it had when it
/// signed receipts itself), from which its certificate chain's keys, its derived ids and its
/// subscription offer key are derived, and the app's shared secret. A default world draws them from the system's random source, so that no two worlds share
/// them; a world made with an explicit seed derives them from it, so that it signs the same bytes
/// every run: such keys are public test keys.
struct StoreSecrets {
    let receiptKey: [UInt8]
    let sharedSecret: String
    /// What a seeded world derives its in-app purchase keys from (`APIKeys`); nil in a default
    /// world, whose keys are drawn from the system's random source.
    let apiKeySecret: [UInt8]?

    /// Secrets derived from `seed` when one is given, else drawn from the system's random source;
    /// a source that fails is an error of the Store's file at `path`, which is left unwritten.
    init(seed: UInt64?, path: String) throws(StorageError) {
        do {
            guard let seed else {
                receiptKey = try RandomBytes.draw(32)
                sharedSecret = Self.hex(try RandomBytes.draw(16))
                apiKeySecret = nil
                return
            }
            receiptKey = try Hashing.hmacSHA256(key: Array("storesim receipt key".utf8), Array("seed \(seed)".utf8))
            sharedSecret = Self.hex(Array(try Hashing.hmacSHA256(key: Array("storesim shared secret".utf8),
                                                                 Array("seed \(seed)".utf8)).prefix(16)))
            apiKeySecret = try Hashing.hmacSHA256(key: Array("storesim api key".utf8), Array("seed \(seed)".utf8))
        } catch {
            throw StorageError(path: path, problem: "cannot make the Store's keys: \(error)")
        }
    }

    /// 32 hex digits for 16 bytes, as App Store Connect gives a shared secret.
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
