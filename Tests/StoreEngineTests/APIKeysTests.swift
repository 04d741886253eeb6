import Foundation
import IAPCore
import Signing
import Storage
import StoreEngine
import Testing
import TestSupport

/// The in-app purchase keys a Store keeps: the public half of each, which accepts a token signed
/// by its own private key only, and one issuer per world.
@Suite struct APIKeysTests {
    private let folder: TemporaryFolder
    private var path: String { folder.path + "/store.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aKeptKeyAcceptsItsOwnSignatureAndNoOther() throws {
        _ = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: nil)
        let first = try APIKeys.create(path: path), second = try APIKeys.create(path: path)
        #expect(try APIKeys.read(path: path) == [first.key, second.key])
        #expect(first.key.issuerId == second.key.issuerId && first.key.keyId != second.key.keyId)
        let message = Array("header.payload".utf8)
        // The same scalar the PEM holds signs the message: its 32 bytes after the PKCS#8 prefix.
        let der = try #require(Data(base64Encoded: first.privateKeyPEM.split(separator: "\n").dropFirst().dropLast().joined()))
        let signer = try ECKeyPair(privateKey: Array(der[36..<68]))
        #expect(signer.publicKeyDER == first.key.publicKeyDER, "the file's key is the key the Store kept")
        let signature = try signer.sign(message).raw
        #expect(first.key.accepts(signature, of: message))
        #expect(!second.key.accepts(signature, of: message), "another key refuses it")
        #expect(!first.key.accepts(signature, of: Array("header.other".utf8)), "another message is refused")
        #expect(!first.key.accepts([1, 2, 3], of: message), "a malformed signature is refused")
    }

    @Test func aKeyThatCouldNotBeHandedOverIsNotKept() throws {
        _ = try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: nil)
        let failure = StorageError(path: folder.path + "/key.p8", problem: "write failed: No space left on device")
        #expect(throws: StoreError.storage(failure)) {
            try APIKeys.create(path: path) { (_) throws(StorageError) in throw failure }
        }
        #expect(try APIKeys.read(path: path).isEmpty)
    }

    @Test func aFileWithoutAStoreIsRefusedAndKeepsNoKey() throws {
        #expect(throws: StoreError.self) { try APIKeys.create(path: path) }
    }
}
