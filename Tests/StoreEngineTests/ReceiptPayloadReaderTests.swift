import Foundation
import Testing
@testable import StoreEngine

/// The receipt reader that spares `JSONDecoder` the Store's own payloads agrees with it on
/// every payload it reads, and leaves to it every payload it does not.
@Suite struct ReceiptPayloadReaderTests {
    private static func payload(_ receipt: Receipt) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array(try encoder.encode(receipt))
    }

    private static func purchase(_ number: Int64, product: String = "com.storesim.coins.100") -> Receipt.Purchase {
        Receipt.Purchase(transactionId: String(1_000_000_000_000_000 + number), originalTransactionId: String(1_000_000_000_000_000 + number / 2),
                         productId: product, purchaseDateMillis: 1_767_225_600_000 + number * 10)
    }

    @Test(arguments: [0, 1, 2, 500])
    func readsWhatTheStoreWritesAsJSONDecoderDoes(count: Int) throws {
        let receipt = Receipt(environment: .sandbox, account: "demo", inApp: (0..<Int64(count)).map { Self.purchase($0) })
        let bytes = try Self.payload(receipt)
        let read = try #require(ReceiptPayloadReader.read(bytes))
        #expect(read == receipt)
        #expect(read == (try JSONDecoder().decode(Receipt.self, from: Data(bytes))))
    }

    @Test func textOutsideTheStoresOwnLayoutIsLeftToJSONDecoder() throws {
        let escaped = Receipt(environment: .production, account: "a/b \"quoted\"", inApp: [Self.purchase(1, product: "é/ü")])
        #expect(ReceiptPayloadReader.read(try Self.payload(escaped)) == nil, "an escape is JSONDecoder's to read")
        for text in [#"{"account":"demo","environment":"Production","inApp":[]} "#,
                     #"{ "account":"demo","environment":"Production","inApp":[]}"#,
                     #"{"account":"demo","environment":"Elsewhere","inApp":[]}"#,
                     #"{"account":"demo","environment":"Production","inApp":[{"originalTransactionId":"1","productId":"p","purchaseDateMillis":01,"transactionId":"1"}]}"#,
                     #"{"account":"demo","environment":"Production","inApp":[{"originalTransactionId":"1","productId":"p","purchaseDateMillis":1.5,"transactionId":"1"}]}"#,
                     #"{"account":"demo","environment":"Production","inApp":[{"originalTransactionId":"1","productId":"p","purchaseDateMillis":99999999999999999999,"transactionId":"1"}]}"#,
                     #"{"account":"demo","environment":"Production","inApp":[,]}"#] {
            #expect(ReceiptPayloadReader.read(Array(text.utf8)) == nil, "\(text)")
        }
        let minimal = #"{"account":"demo","environment":"Production","inApp":[]}"#
        #expect(ReceiptPayloadReader.read(Array(minimal.utf8)) == Receipt(environment: .production, account: "demo", inApp: []))
    }
}
