import Foundation
import IAPCore
import Signing

/// The signed receipt the Store hands out: base64 of a JSON payload, a dot, the hex HMAC.
struct Receipt: Codable, Equatable {
    /// The environment that issued the receipt.
    enum Environment: String, Codable {
        case production = "Production"
        case sandbox = "Sandbox"

        init(_ environment: StoreEnvironment) {
            self = environment == .production ? .production : .sandbox
        }

        var storeEnvironment: StoreEnvironment { self == .production ? .production : .sandbox }
    }

    /// One purchase in the payload, with dates in milliseconds since 1970.
    struct Purchase: Codable, Equatable {
        let transactionId: String
        let originalTransactionId: String
        let productId: String
        let purchaseDateMillis: Int64
        /// Apple's `in_app_ownership_type`, written only for a family member's shared purchase:
        /// "When family members benefit from a shared subscription, App Store updates their
        /// receipt to include the family-shared purchase."
        var inAppOwnershipType: String? = nil

        /// The purchase as `JSONEncoder` writes it with sorted keys.
        func append(to bytes: inout [UInt8]) {
            let quoted = 6 * (transactionId.utf8.count + originalTransactionId.utf8.count + productId.utf8.count
                + (inAppOwnershipType?.utf8.count ?? 0))
            ByteWriter.append(to: &bytes, atMost: quoted + Self.otherBytes) { json in
                json.byte(UInt8(ascii: "{"))
                if let inAppOwnershipType {
                    json.literal(#""inAppOwnershipType":"#)
                    json.encoderQuoted(inAppOwnershipType)
                    json.byte(UInt8(ascii: ","))
                }
                json.literal(#""originalTransactionId":"#)
                json.encoderQuoted(originalTransactionId)
                json.literal(#","productId":"#)
                json.encoderQuoted(productId)
                json.literal(#","purchaseDateMillis":"#)
                json.decimal(purchaseDateMillis)
                json.literal(#","transactionId":"#)
                json.encoderQuoted(transactionId)
                json.byte(UInt8(ascii: "}"))
            }
        }

        /// The most bytes of a purchase besides its strings' contents: keys, quotes and
        /// punctuation (under 110) and a number of up to 20 characters.
        static let otherBytes = 140
    }

    let environment: Environment
    let account: String
    let inApp: [Purchase]

    /// When the receipt was made, as verifyReceipt's `receipt_creation_date` tells it: with its
    /// newest purchase (a receipt that lists none, at the world's start).
    var creationMillis: Int64 {
        inApp.map(\.purchaseDateMillis).max() ?? SimulatedTime.millis(SimulatedTime.epoch)
    }

    /// The text a client stores and sends to its server, written into one buffer made once
    /// (a receipt that lists a thousand purchases is 270 kB of text).
    func encoded(signer: ReceiptSigner) -> String {
        let payload = self.payload
        let signature = signer.signature(of: payload)
        var text: [UInt8] = []
        text.reserveCapacity((payload.count + 2) / 3 * 4 + 1 + 2 * signature.count)
        Base64.standard.append(payload, to: &text)
        text.append(UInt8(ascii: "."))
        for byte in signature {
            text.append(Self.hexDigits[Int(byte >> 4)])
            text.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The signed JSON: byte for byte what Foundation's `JSONEncoder` writes with sorted keys (an
    /// absent ownership type left out), written directly: the Store signs a receipt, and the app
    /// rewrites its file, with every purchase.
    var payload: [UInt8] {
        var bytes: [UInt8] = []
        // A purchase of the built-in catalog takes about 150 bytes.
        bytes.reserveCapacity(64 + account.utf8.count + inApp.count * 160)
        bytes.appendLiteral(#"{"account":"#)
        JSONString.appendEncoderQuoted(account, to: &bytes)
        bytes.appendLiteral(#","environment":"#)
        JSONString.appendEncoderQuoted(environment.rawValue, to: &bytes)
        bytes.appendLiteral(#","inApp":["#)
        for (index, purchase) in inApp.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            purchase.append(to: &bytes)
        }
        bytes.appendLiteral("]}")
        return bytes
    }

    /// Lowercase hex digits: two a byte of the signature (a format string a byte cost a century
    /// of renewals a third of its time).
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Decodes and authenticates a receipt: the status `verifyReceipt` reports, and the receipt
    /// when it is authentic. Text that is not a payload and a signature is malformed (21002); a
    /// payload its signature does not match could not be authenticated (21003), whatever it says.
    static func decode(_ text: String, signer: ReceiptSigner) -> (ReceiptStatus, Receipt?) {
        // The signature is short and ends the text: the dot is looked for from the end, not
        // through a long payload (which, as base64, never holds one: a second dot is malformed).
        guard let dot = text.utf8.lastIndex(of: UInt8(ascii: ".")),
              let bytes = Base64.standard.decode(text.utf8[..<dot]),
              let signature = hexBytes(String(text[text.utf8.index(after: dot)...]))
        else {
            return (.malformed, nil)
        }
        guard signer.isValid(signature: signature, of: bytes) else {
            return (.notAuthenticated, nil)
        }
        guard let receipt = ReceiptPayloadReader.read(bytes) ?? (try? JSONDecoder().decode(Receipt.self, from: Data(bytes))) else {
            return (.malformed, nil)
        }
        return (.valid, receipt)
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2), !digits.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
