/// The attribute types of the app receipt's ASN.1 payload (a SET of `ReceiptAttribute`
/// SEQUENCEs `{ type INTEGER, version INTEGER, value OCTET STRING }`), in one place: Apple's
/// documented ones, and StoreSim's own for what Apple's receipt documents no field for, chosen
/// far outside Apple's documented ranges (0–19, 1700–1722) as readers ignore unknown types
/// (docs/reference/receipt.md).
enum ReceiptAttribute {
    // The receipt.
    static let bundleId: Int64 = 2
    static let appVersion: Int64 = 3
    static let opaqueValue: Int64 = 4
    static let sha1Hash: Int64 = 5
    static let creationDate: Int64 = 12
    static let inAppPurchase: Int64 = 17
    static let originalAppVersion: Int64 = 19
    /// StoreSim's own: the simulated App Store account the receipt belongs to (UTF8String).
    static let account: Int64 = 9001
    /// StoreSim's own: the environment that issued it, `Production` or `Sandbox` (UTF8String).
    static let environment: Int64 = 9002

    // Each in-app purchase.
    static let quantity: Int64 = 1701
    static let productId: Int64 = 1702
    static let transactionId: Int64 = 1703
    static let purchaseDate: Int64 = 1704
    static let originalTransactionId: Int64 = 1705
    static let originalPurchaseDate: Int64 = 1706
    static let expiresDate: Int64 = 1708
    static let webOrderLineItemId: Int64 = 1711
    static let cancellationDate: Int64 = 1712
    /// StoreSim's own: Apple's `in_app_ownership_type` of a family member's shared purchase,
    /// `FAMILY_SHARED` (UTF8String), absent from a purchase of the account's own.
    static let ownershipType: Int64 = 9101

    /// The version every attribute is written with.
    static let version: Int64 = 1

    /// DER tags of the values inside the attributes' OCTET STRINGs.
    static let utf8String: UInt8 = 0x0C
    static let ia5String: UInt8 = 0x16
    static let integer: UInt8 = 0x02
}
