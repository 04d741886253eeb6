import Foundation
import Testing
@testable import StoreEngine

/// A receipt's payload, written directly, is what Foundation's JSONEncoder (sorted keys) wrote
/// for it, byte for byte: receipts signed before and after read, verify and compare the same.
@Suite struct ReceiptPayloadTests {
    static let texts = [
        "demo",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        "é/ü 金币 \u{2028} \u{85} \u{7F} \"quoted\" back\\slash http://a/b",
        "",
    ]

    private static func encoderPayload(_ receipt: Receipt) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array(try encoder.encode(receipt))
    }

    @Test(arguments: texts)
    func aPayloadIsWhatTheEncoderWrites(text: String) throws {
        let purchases = [
            Receipt.Purchase(transactionId: "1000000000000001", originalTransactionId: "1000000000000001",
                             productId: "com.storesim.coins.100", purchaseDateMillis: 1_767_225_600_000),
            Receipt.Purchase(transactionId: text, originalTransactionId: text, productId: text, purchaseDateMillis: -5,
                             inAppOwnershipType: "FAMILY_SHARED"),
            Receipt.Purchase(transactionId: "2", originalTransactionId: "1", productId: text, purchaseDateMillis: 0,
                             inAppOwnershipType: text),
        ]
        for environment in [Receipt.Environment.production, .sandbox] {
            for inApp in [[], [purchases[0]], purchases] {
                let receipt = Receipt(environment: environment, account: text, inApp: inApp)
                #expect(String(decoding: receipt.payload, as: UTF8.self) == String(decoding: try Self.encoderPayload(receipt), as: UTF8.self))
            }
        }
    }

    @Test func theSignedTextSignsThePayload() throws {
        let signer = ReceiptSigner(key: Array("a key".utf8))
        let receipt = Receipt(environment: .sandbox, account: "a/b", inApp: [
            Receipt.Purchase(transactionId: "7", originalTransactionId: "7", productId: "com.storesim.pro", purchaseDateMillis: 42),
        ])
        let text = receipt.encoded(signer: signer)
        #expect(text.hasPrefix(Data(try Self.encoderPayload(receipt)).base64EncodedString() + "."))
        let (status, decoded) = Receipt.decode(text, signer: signer)
        #expect(status == .valid)
        #expect(decoded == receipt)
    }
}
