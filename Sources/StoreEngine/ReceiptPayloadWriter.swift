import Signing

/// The app receipt's payload, Apple's ASN.1: a SET of attribute SEQUENCEs `{ type, version,
/// value OCTET STRING }` (types in `ReceiptAttribute`), each in-app purchase one attribute 17
/// whose value is a SET of the same SEQUENCEs. Sizes are worked out first and the DER written in
/// one pass into one buffer: a receipt lists every unfinished consumable, and the Store signs one
/// with every purchase.
extension Receipt {
    /// The payload, with the opaque value and SHA-1 hash given (`deviceValues`).
    func payload(opaqueValue: [UInt8], hash: [UInt8]) -> [UInt8] {
        typealias A = ReceiptAttribute
        let created = ReceiptDate.count(createdMillis)
        let strings: [(Int64, String)] = [(A.bundleId, bundleId), (A.appVersion, appVersion), (A.originalAppVersion, originalAppVersion),
                                          (A.account, account), (A.environment, environment.rawValue)]
        var total = Self.attributeCount(A.opaqueValue, opaqueValue.count) + Self.attributeCount(A.sha1Hash, hash.count)
            + Self.attributeCount(A.creationDate, DERWriter.elementCount(created))
        for (type, text) in strings {
            total += Self.attributeCount(type, DERWriter.elementCount(text.utf8.count))
        }
        for purchase in inApp {
            total += Self.attributeCount(A.inAppPurchase, DERWriter.elementCount(purchase.contentCount))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(DERWriter.elementCount(total))
        DERWriter.appendHeader(tag: 0x31, length: total, to: &bytes)
        Self.appendString(A.bundleId, A.utf8String, bundleId, to: &bytes)
        Self.appendString(A.appVersion, A.utf8String, appVersion, to: &bytes)
        Self.appendAttributeHeader(A.opaqueValue, opaqueValue.count, to: &bytes)
        bytes.append(contentsOf: opaqueValue)
        Self.appendAttributeHeader(A.sha1Hash, hash.count, to: &bytes)
        bytes.append(contentsOf: hash)
        Self.appendDate(A.creationDate, createdMillis, to: &bytes)
        for purchase in inApp {
            let content = purchase.contentCount
            Self.appendAttributeHeader(A.inAppPurchase, DERWriter.elementCount(content), to: &bytes)
            DERWriter.appendHeader(tag: 0x31, length: content, to: &bytes)
            purchase.append(to: &bytes)
        }
        Self.appendString(A.originalAppVersion, A.utf8String, originalAppVersion, to: &bytes)
        Self.appendString(A.account, A.utf8String, account, to: &bytes)
        Self.appendString(A.environment, A.utf8String, environment.rawValue, to: &bytes)
        return bytes
    }

    /// The bytes of a whole attribute of `type` whose OCTET STRING holds `value` bytes.
    static func attributeCount(_ type: Int64, _ value: Int) -> Int {
        DERWriter.elementCount(sequenceCount(type, value))
    }

    /// The SEQUENCE of an attribute up to its value's content: the value is appended next.
    static func appendAttributeHeader(_ type: Int64, _ value: Int, to bytes: inout [UInt8]) {
        DERWriter.appendHeader(tag: 0x30, length: sequenceCount(type, value), to: &bytes)
        DERWriter.appendInteger(type, to: &bytes)
        DERWriter.appendInteger(ReceiptAttribute.version, to: &bytes)
        DERWriter.appendHeader(tag: 0x04, length: value, to: &bytes)
    }

    static func appendString(_ type: Int64, _ tag: UInt8, _ text: String, to bytes: inout [UInt8]) {
        appendAttributeHeader(type, DERWriter.elementCount(text.utf8.count), to: &bytes)
        DERWriter.append(tag: tag, utf8: text, to: &bytes)
    }

    static func appendDate(_ type: Int64, _ millis: Int64, to bytes: inout [UInt8]) {
        let count = ReceiptDate.count(millis)
        appendAttributeHeader(type, DERWriter.elementCount(count), to: &bytes)
        DERWriter.appendHeader(tag: ReceiptAttribute.ia5String, length: count, to: &bytes)
        ReceiptDate.append(millis, to: &bytes)
    }

    static func appendInteger(_ type: Int64, _ value: Int64, to bytes: inout [UInt8]) {
        appendAttributeHeader(type, 2 + DERWriter.integerContentCount(value), to: &bytes)
        DERWriter.appendInteger(value, to: &bytes)
    }

    /// The content of an attribute's SEQUENCE: its type, its version and its OCTET STRING.
    private static func sequenceCount(_ type: Int64, _ value: Int) -> Int {
        2 + DERWriter.integerContentCount(type) + 3 + DERWriter.elementCount(value)
    }
}

extension Receipt.Purchase {
    /// The content of the purchase's SET, as `append` writes it.
    var contentCount: Int {
        typealias A = ReceiptAttribute
        var count = Receipt.attributeCount(A.quantity, 3)
            + Receipt.attributeCount(A.productId, DERWriter.elementCount(productId.utf8.count))
            + Receipt.attributeCount(A.transactionId, DERWriter.elementCount(transactionId.utf8.count))
            + Receipt.attributeCount(A.purchaseDate, DERWriter.elementCount(ReceiptDate.count(purchaseDateMillis)))
            + Receipt.attributeCount(A.originalTransactionId, DERWriter.elementCount(originalTransactionId.utf8.count))
        count += Self.dateCount(A.originalPurchaseDate, originalPurchaseDateMillis) + Self.dateCount(A.expiresDate, expiresDateMillis)
            + Self.dateCount(A.cancellationDate, cancellationDateMillis)
        if let webOrderLineItemId {
            count += Receipt.attributeCount(A.webOrderLineItemId, 2 + DERWriter.integerContentCount(webOrderLineItemId))
        }
        if let inAppOwnershipType {
            count += Receipt.attributeCount(A.ownershipType, DERWriter.elementCount(inAppOwnershipType.utf8.count))
        }
        return count
    }

    /// The bytes of a date's attribute, none when there is no date.
    private static func dateCount(_ type: Int64, _ millis: Int64?) -> Int {
        millis.map { Receipt.attributeCount(type, DERWriter.elementCount(ReceiptDate.count($0))) } ?? 0
    }

    /// Appends the purchase's attributes, in the order of their types.
    func append(to bytes: inout [UInt8]) {
        typealias A = ReceiptAttribute
        Receipt.appendInteger(A.quantity, 1, to: &bytes)
        Receipt.appendString(A.productId, A.utf8String, productId, to: &bytes)
        Receipt.appendString(A.transactionId, A.utf8String, transactionId, to: &bytes)
        Receipt.appendDate(A.purchaseDate, purchaseDateMillis, to: &bytes)
        Receipt.appendString(A.originalTransactionId, A.utf8String, originalTransactionId, to: &bytes)
        if let originalPurchaseDateMillis { Receipt.appendDate(A.originalPurchaseDate, originalPurchaseDateMillis, to: &bytes) }
        if let expiresDateMillis { Receipt.appendDate(A.expiresDate, expiresDateMillis, to: &bytes) }
        if let webOrderLineItemId { Receipt.appendInteger(A.webOrderLineItemId, webOrderLineItemId, to: &bytes) }
        if let cancellationDateMillis { Receipt.appendDate(A.cancellationDate, cancellationDateMillis, to: &bytes) }
        if let inAppOwnershipType { Receipt.appendString(A.ownershipType, A.utf8String, inAppOwnershipType, to: &bytes) }
    }
}
