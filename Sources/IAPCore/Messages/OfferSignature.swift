/// The app asks its Server to sign a promotional offer for a purchase ("To keep your private key
/// secure, generate the signature on a server").
public struct OfferSignatureRequest: Sendable, Equatable, Codable {
    public let productId: String
    public let offerId: String

    public init(productId: String, offerId: String) {
        self.productId = productId
        self.offerId = offerId
    }
}

/// A promotional offer's signature, as the Server made it (StoreKit's `SKPaymentDiscount` /
/// `Product.SubscriptionOffer.Signature`): the key that signed it, a one-time nonce, when it was
/// made, and the base64 DER ECDSA signature.
public struct OfferSignature: Sendable, Equatable, Codable {
    /// The label a subscription key's P-256 pair is derived from its secret with: the Store
    /// checks with the public half, the Server signs with the private one.
    public static let keyLabel = "subscription offers"

    public let keyId: String
    /// A lowercase UUID, used once.
    public let nonce: String
    /// When the Server signed, in milliseconds since 1970.
    public let timestamp: Int64
    public let signature: String

    public init(keyId: String, nonce: String, timestamp: Int64, signature: String) {
        self.keyId = keyId
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }

    /// What is signed, as Apple lists it ("Generating a signature for promotional offers"):
    /// the app bundle id, key id, product id, offer id, app account token (StoreSim's app sets
    /// none: empty), nonce and timestamp, joined by U+2063 INVISIBLE SEPARATOR.
    public static func payload(bundleId: String, productId: String, offerId: String, keyId: String, nonce: String,
                               timestamp: Int64) -> [UInt8] {
        let parts = [bundleId, keyId, productId, offerId, "", nonce, String(timestamp)]
        return Array(parts.joined(separator: "\u{2063}").utf8)
    }
}

/// The offer a payment asks for: its id, with the Server's signature for a promotional offer.
public struct OfferRedemption: Sendable, Equatable, Codable {
    public let offerId: String
    public let signature: OfferSignature?

    public init(offerId: String, signature: OfferSignature?) {
        self.offerId = offerId
        self.signature = signature
    }
}

/// The Server's answer to an `OfferSignatureRequest`: the signature, or nil when it will not sign.
public struct SignedOffer: Sendable, Equatable, Codable {
    public let request: OfferSignatureRequest
    public let signature: OfferSignature?

    public init(request: OfferSignatureRequest, signature: OfferSignature?) {
        self.request = request
        self.signature = signature
    }
}
