import Foundation
import IAPCore
import Signing
import Testing
@testable import StoreEngine

/// The app receipt in Apple's shape: base64 of a PKCS #7 / CMS signedData carrying Apple's ASN.1
/// payload. It reads back as written; text that is not one is malformed (21002); one that does not
/// verify against the Store's root, or whose content was altered, could not be authenticated (21003).
@Suite struct AppReceiptFormatTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let end = Date(timeIntervalSince1970: Double(SimulatedTime.millisRange.upperBound / 1000))

    static func chain(_ secret: String) throws -> CertificateChain {
        try CertificateChain.make(secret: Array(secret.utf8), notBefore: start, notAfter: end)
    }

    static func verifier(_ chain: CertificateChain) throws -> SignedDataVerifier {
        try SignedDataVerifier(signer: SignedDataSigner(chain: chain))
    }

    static func purchase(_ number: Int64, product: String = "com.storesim.coins.100") -> Receipt.Purchase {
        Receipt.Purchase(transactionId: String(1_000_000_000_000_000 + number), originalTransactionId: String(1_000_000_000_000_000 + number / 2),
                         productId: product, purchaseDateMillis: 1_767_225_600_000 + number * 10_250,
                         originalPurchaseDateMillis: 1_767_225_600_000)
    }

    static func receipt(_ inApp: [Receipt.Purchase]) -> Receipt {
        Receipt(environment: .sandbox, account: "demo", inApp: inApp, bundleId: "com.storesim.app", appVersion: "1.0",
                originalAppVersion: "1.0", createdMillis: 1_767_225_700_123)
    }

    @Test(arguments: [0, 1, 2, 1000])
    func aReceiptReadsBackAsWritten(count: Int) throws {
        let chain = try Self.chain("a")
        var inApp = (0..<Int64(count)).map { Self.purchase($0) }
        if count > 1 {
            inApp[1].expiresDateMillis = 1_769_904_000_000
            inApp[1].webOrderLineItemId = 987_654_321_098_765_432
            inApp[1].cancellationDateMillis = 1_768_000_000_999
            inApp[1].inAppOwnershipType = "FAMILY_SHARED"
        }
        let receipt = Self.receipt(inApp)
        let text = try receipt.encoded(signer: SignedDataSigner(chain: chain))
        #expect(text == (try receipt.encoded(signer: SignedDataSigner(chain: chain))), "signed deterministically")
        let (status, decoded) = Receipt.decode(text, verifier: try Self.verifier(chain))
        #expect(status == .valid)
        #expect(decoded == receipt)
    }

    @Test func oneByteOfThePayloadAlteredIsNotAuthenticated() throws {
        let chain = try Self.chain("a")
        let text = try Self.receipt([Self.purchase(1)]).encoded(signer: SignedDataSigner(chain: chain))
        var der = try #require(Base64.standard.decode(text.utf8))
        let product = Array("com.storesim.coins.100".utf8)
        let at = try #require((0...(der.count - product.count)).first { Array(der[$0..<($0 + product.count)]) == product })
        der[at + product.count - 1] = UInt8(ascii: "9")
        let (status, decoded) = Receipt.decode(Base64.standard.encode(der), verifier: try Self.verifier(chain))
        #expect(status == .notAuthenticated)
        #expect(decoded == nil)
    }

    @Test func aReceiptSignedByAnotherChainIsNotAuthenticated() throws {
        let text = try Self.receipt([Self.purchase(1)]).encoded(signer: SignedDataSigner(chain: Self.chain("another world")))
        #expect(Receipt.decode(text, verifier: try Self.verifier(Self.chain("a"))).0 == .notAuthenticated)
        #expect(Receipt.decode(text, verifier: nil).0 == .notAuthenticated, "a Store that never signed trusts no receipt")
    }

    /// A signedData of the Store's chain in another layout than the Store's own (here carrying
    /// the root too) is verified by libcrypto's CMS parser and `CMS_verify`, as any other is.
    @Test func aReceiptInAnotherLayoutIsVerifiedByLibcrypto() throws {
        let chain = try Self.chain("a")
        let receipt = Self.receipt([Self.purchase(1)])
        let der = try #require(Base64.standard.decode(try receipt.encoded(signer: SignedDataSigner(chain: chain)).utf8))
        let certificates = [0xA0, 0x82] + Self.bigEndian(chain.leaf.der.count + chain.intermediate.der.count) + chain.leaf.der + chain.intermediate.der
        let start = try #require((0...(der.count - certificates.count)).first { Array(der[$0..<($0 + certificates.count)]) == certificates })
        let widened = chain.leaf.der + chain.intermediate.der + chain.root.der
        var edited = Array(der[..<start]) + [0xA0, 0x82] + Self.bigEndian(widened.count) + widened + Array(der[(start + certificates.count)...])
        // The lengths of SignedData, its [0] and ContentInfo grow by the root's bytes.
        for offset in [2, 17, 21] {
            let length = Int(edited[offset]) << 8 | Int(edited[offset + 1]) + chain.root.der.count
            edited.replaceSubrange(offset..<(offset + 2), with: Self.bigEndian(length))
        }
        let (status, decoded) = Receipt.decode(Base64.standard.encode(edited), verifier: try Self.verifier(chain))
        #expect(status == .valid)
        #expect(decoded == receipt)
        #expect(Receipt.decode(Base64.standard.encode(edited), verifier: try Self.verifier(Self.chain("b"))).0 == .notAuthenticated)
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    @Test func garbageAndTruncatedReceiptsAreMalformed() throws {
        let chain = try Self.chain("a")
        let text = try Self.receipt([Self.purchase(1)]).encoded(signer: SignedDataSigner(chain: chain))
        let der = try #require(Base64.standard.decode(text.utf8))
        for garbage in ["", "not base64!", "AAAA", String(text.dropLast(3)), text + ".00ff", Base64.standard.encode(Array(der.dropLast(40))),
                        Base64.standard.encode(Array(der.prefix(der.count / 2))), Base64.standard.encode(Array(repeating: 0x30, count: 64))] {
            #expect(Receipt.decode(garbage, verifier: try Self.verifier(chain)).0 == .malformed, "\(garbage.prefix(40))")
        }
    }

    @Test func anAbsurdLengthNeverTraps() throws {
        let chain = try Self.chain("a")
        for header in [[0x31, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], [0x31, 0x88, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x31, 0x80],
                       [0x31, 0x82, 0x01]] as [[UInt8]] {
            #expect(ReceiptPayloadReader.read(header + [0x30, 0x03, 0x02, 0x01, 0x02]) == nil)
            let signed = try SignedDataSigner(chain: chain).sign(header + [0x30, 0x03, 0x02, 0x01, 0x02])
            #expect(Receipt.decode(Base64.standard.encode(signed), verifier: try Self.verifier(chain)).0 == .malformed, "signed, but no receipt")
            #expect(Receipt.decode(Base64.standard.encode([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xF0] + header), verifier: try Self.verifier(chain)).0 == .malformed)
        }
        var inner: [UInt8] = [0x31, 0x0D, 0x30, 0x0B, 0x02, 0x01, 0x11, 0x02, 0x01, 0x01, 0x04, 0x84, 0x7F, 0xFF, 0xFF, 0xFF]
        #expect(ReceiptPayloadReader.read(inner) == nil)
        inner = [0x31, 0x08, 0x30, 0x06, 0x02, 0x09, 0x7F, 0xFF, 0xFF, 0xFF]
        #expect(ReceiptPayloadReader.read(inner) == nil, "an integer longer than its element")
    }

    @Test func thePayloadIsApplesASN1() throws {
        var receipt = Self.receipt([Self.purchase(2)])
        receipt.createdMillis = 1_767_225_600_000
        let device = try Receipt.deviceValues(account: receipt.account, bundleId: receipt.bundleId)
        let payload = receipt.payload(opaqueValue: device.opaqueValue, hash: device.hash)
        #expect(Array(payload.prefix(1)) == [0x31])
        let expected: [[UInt8]] = [
            // type 2, version 1, bundle id as a UTF8String inside the OCTET STRING.
            [0x30, 0x1A, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x04, 0x12, 0x0C, 0x10] + Array("com.storesim.app".utf8),
            // type 12, the creation date as an IA5String in RFC 3339.
            [0x30, 0x1E, 0x02, 0x01, 0x0C, 0x02, 0x01, 0x01, 0x04, 0x16, 0x16, 0x14] + Array("2026-01-01T00:00:00Z".utf8),
            // type 1704 in a purchase, with milliseconds.
            [0x02, 0x02, 0x06, 0xA8, 0x02, 0x01, 0x01, 0x04, 0x1A, 0x16, 0x18] + Array("2026-01-01T00:00:20.500Z".utf8),
            // type 1701, quantity 1 as an INTEGER.
            [0x02, 0x02, 0x06, 0xA5, 0x02, 0x01, 0x01, 0x04, 0x03, 0x02, 0x01, 0x01],
        ]
        for bytes in expected {
            #expect((0...(payload.count - bytes.count)).contains { Array(payload[$0..<($0 + bytes.count)]) == bytes }, "\(bytes)")
        }
        #expect(device.opaqueValue.count == 16 && device.hash.count == 20)
    }

    @Test(arguments: [Int64(0), 1, 999, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 253_402_300_799_999])
    func aDateReadsBackAsWritten(millis: Int64) throws {
        var bytes: [UInt8] = []
        ReceiptDate.append(millis, to: &bytes)
        #expect(bytes.count == ReceiptDate.count(millis))
        #expect(ReceiptDate.millis(bytes, 0..<bytes.count) == millis)
    }

    @Test func datesOutsideTheFormAreRefused() {
        for text in ["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01 00:00:00Z",
                     "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00+00:00", "２０２６-01-01T00:00:00Z"] {
            let bytes = Array(text.utf8)
            #expect(ReceiptDate.millis(bytes, 0..<bytes.count) == nil, "\(text)")
        }
        let leap = Array("2000-02-29T23:59:59Z".utf8)
        #expect(ReceiptDate.millis(leap, 0..<leap.count) == 951_868_799_000)
    }
}
