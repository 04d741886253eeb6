import Foundation
import IAPCore
import Signing
import WorldCore

/// A StoreKit 2 signed transaction (a JWS) as a face shows it decoded: the header's algorithm
/// and certificate chain, every field of the payload in Apple's names, and whether it verifies
/// against the root certificate the Server pinned.
public struct DecodedSignedTransaction: Sendable, Equatable {
    /// One field of the payload: Apple's name and its JSON value as text; a date field
    /// (milliseconds since 1970) also as a date.
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String
        public let date: Date?
    }

    /// What the verification against the pinned root found.
    public enum Verification: Sendable, Equatable {
        /// The chain leads to the pinned root and the ES256 signature is the leaf's.
        case verified
        /// The first check that failed.
        case failed(SigningError)
        /// The Server pinned no root: nothing to verify against.
        case noPinnedRoot
    }

    /// The header's `alg`; nil when the header cannot be read.
    public let algorithm: String?
    /// The common names of the header's `x5c` certificates, leaf first.
    public let chain: [String]
    /// The payload's fields, those a reader looks for first (ids, product, dates, type) first.
    public let fields: [Field]
    public let verification: Verification

    /// The fields in the order they are shown; any other field follows, by name.
    static let order = [
        "transactionId", "originalTransactionId", "webOrderLineItemId", "productId", "type", "purchaseDate", "originalPurchaseDate",
        "expiresDate", "isUpgraded", "inAppOwnershipType", "environment", "appAccountToken", "appTransactionId", "revocationDate",
        "revocationReason", "revocationType", "revocationPercentage", "offerType", "offerIdentifier", "offerDiscountType",
        "offerPeriod", "transactionReason", "price", "currency", "storefront", "storefrontId", "quantity",
        "subscriptionGroupIdentifier", "bundleId", "signedDate",
    ]

    /// Decodes `jws` and verifies it, at its `signedDate`, against `pinnedRoot`, as the Server does.
    public init(jws: String, pinnedRoot: Certificate?) {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        let header = parts.first.flatMap(Base64.url.decode).flatMap { try? JSONDecoder().decode(Header.self, from: Data($0)) }
        algorithm = header?.alg
        chain = (header?.x5c ?? []).map { text in
            Data(base64Encoded: text).flatMap { try? Certificate(der: Array($0)) }?.commonName ?? "?"
        }
        let payload = parts.count > 1 ? Base64.url.decode(parts[1]) : nil
        let values = payload.flatMap { try? JSONDecoder().decode([String: Value].self, from: Data($0)) } ?? [:]
        fields = values.keys.sorted { Self.rank($0) < Self.rank($1) }.compactMap { name in
            values[name].map { Field(name: name, value: $0.text, date: name.hasSuffix("Date") ? $0.date : nil) }
        }
        guard let pinnedRoot else {
            verification = .noPinnedRoot
            return
        }
        do {
            _ = try JWSVerifier(root: pinnedRoot).verify(jws, at: .signedDate)
            verification = .verified
        } catch {
            verification = .failed(error)
        }
    }

    private static func rank(_ name: String) -> (Int, String) {
        (order.firstIndex(of: name) ?? order.count, name)
    }

    /// The header fields shown.
    private struct Header: Decodable {
        let alg: String?
        let x5c: [String]?
    }

    /// A JSON value of the payload, kept as it was written.
    private enum Value: Decodable {
        case integer(Int64)
        case number(Double)
        case bool(Bool)
        case string(String)
        case null
        case other

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let integer = try? container.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else {
                self = .other
            }
        }

        var text: String {
            switch self {
            case .integer(let integer): String(integer)
            case .number(let number): String(number)
            case .bool(let bool): String(bool)
            case .string(let string): string
            case .null: "null"
            case .other: "…"
            }
        }

        /// A date written as milliseconds since 1970.
        var date: Date? {
            guard case .integer(let millis) = self else { return nil }
            return SimulatedTime.date(millis: millis)
        }
    }
}
