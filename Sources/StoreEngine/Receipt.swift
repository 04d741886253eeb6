import IAPCore
import Signing

/// The app receipt the Store hands out, in Apple's shape: base64 of a PKCS #7 / CMS signedData,
/// signed by the Store's leaf certificate, that carries Apple's ASN.1 receipt payload
/// (`payload`, read back by `ReceiptPayloadReader`).
struct Receipt: Equatable {
    /// The environment that issued the receipt.
    enum Environment: String {
        case production = "Production"
        case sandbox = "Sandbox"

        init(_ environment: StoreEnvironment) {
            self = environment == .production ? .production : .sandbox
        }

        var storeEnvironment: StoreEnvironment { self == .production ? .production : .sandbox }
    }

    /// One in-app purchase the receipt lists, with dates in milliseconds since 1970.
    struct Purchase: Equatable {
        let transactionId: String
        let originalTransactionId: String
        let productId: String
        let purchaseDateMillis: Int64
        /// Apple's `in_app_ownership_type`, written only for a family member's shared purchase:
        /// "When family members benefit from a shared subscription, App Store updates their
        /// receipt to include the family-shared purchase."
        var inAppOwnershipType: String? = nil
        var originalPurchaseDateMillis: Int64? = nil
        /// An auto-renewable subscription's period end.
        var expiresDateMillis: Int64? = nil
        /// When a refund (or a share's revocation) took it back.
        var cancellationDateMillis: Int64? = nil
        /// An auto-renewable subscription's `web_order_line_item_id`, as StoreKit 2 gives it.
        var webOrderLineItemId: Int64? = nil
    }

    let environment: Environment
    let account: String
    let inApp: [Purchase]
    var bundleId = ""
    var appVersion = ""
    var originalAppVersion = ""
    var createdMillis: Int64 = 0

    /// The text a client stores and sends to its server: the payload signed by `signer`, in
    /// standard base64.
    func encoded(signer: SignedDataSigner) throws(SigningError) -> String {
        let device = try Self.deviceValues(account: account, bundleId: bundleId)
        let signed = try signer.sign(payload(opaqueValue: device.opaqueValue, hash: device.hash))
        var text: [UInt8] = []
        Base64.standard.append(signed, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The opaque value (attribute 4) and SHA-1 hash (attribute 5) of `account`'s receipt. Apple
    /// hashes the device's identifier, the opaque value and the bundle id's attribute value;
    /// a simulated account has one device, whose identifier is the first 16 bytes of SHA-256 of
    /// `storesim device ` and the account. The opaque value is the first 16 bytes of SHA-256 of
    /// `storesim opaque value `, the account, a space and the bundle id; the hash is SHA-1 of the
    /// identifier, the opaque value and the bundle id's UTF8String DER, as Apple's is.
    static func deviceValues(account: String, bundleId: String) throws(SigningError) -> (opaqueValue: [UInt8], hash: [UInt8]) {
        let device = Array(try Hashing.sha256(Array("storesim device \(account)".utf8)).prefix(16))
        let opaque = Array(try Hashing.sha256(Array("storesim opaque value \(account) \(bundleId)".utf8)).prefix(16))
        var bundle: [UInt8] = []
        DERWriter.append(tag: ReceiptAttribute.utf8String, utf8: bundleId, to: &bundle)
        return (opaque, try Hashing.sha1(device + opaque + bundle))
    }

    /// Decodes and authenticates a receipt with the Store's `verifier`: the status
    /// `verifyReceipt` reports, and the receipt when it is authentic. Text that is not base64 of a
    /// signedData carrying content is malformed (21002); a signedData whose signature or chain does
    /// not verify against the Store's chain (none when the Store never signed), at the receipt's
    /// creation date, could not be authenticated (21003), whatever it says; an authentic one whose
    /// payload does not read is malformed.
    static func decode(_ text: String, verifier: SignedDataVerifier?) -> (ReceiptStatus, Receipt?) {
        guard let der = Base64.standard.decode(text.utf8) else { return (.malformed, nil) }
        var receipt: Receipt?
        let content: [UInt8]
        do {
            guard let verifier else {
                _ = try SignedData(der: der)
                return (.notAuthenticated, nil)
            }
            content = try verifier.verify(der) { content in
                receipt = ReceiptPayloadReader.read(content)
                return receipt.map { $0.createdMillis / 1000 }
            }
        } catch .malformed {
            return (.malformed, nil)
        } catch {
            return (.notAuthenticated, nil)
        }
        guard let read = receipt ?? ReceiptPayloadReader.read(content) else { return (.malformed, nil) }
        return (.valid, read)
    }
}
