import Signing

/// Reads the app receipt's ASN.1 payload (`Receipt.payload`) in place, element by element: a
/// receipt lists every unfinished consumable, and each check reads all of it. Types it does not
/// know are passed over, as Apple's readers pass over Apple's undocumented ones; anything that is
/// not the payload's shape (a length past the end, a value of the wrong type, a purchase without
/// its ids) gives nil.
enum ReceiptPayloadReader {
    /// The receipt `payload` holds, or nil when it is not a receipt's payload.
    static func read(_ payload: [UInt8]) -> Receipt? {
        typealias A = ReceiptAttribute
        var outer = DERReader(payload)
        guard let set = outer.read(tag: 0x31), outer.isAtEnd else { return nil }
        var reader = DERReader(payload, range: set)
        var account: String?, environment: Receipt.Environment?, created: Int64?
        var bundleId = "", appVersion = "", originalAppVersion = ""
        var purchases: [Receipt.Purchase] = []
        while !reader.isAtEnd {
            guard let (type, value) = attribute(&reader) else { return nil }
            switch type {
            case A.bundleId: guard let text = string(payload, value) else { return nil }; bundleId = text
            case A.appVersion: guard let text = string(payload, value) else { return nil }; appVersion = text
            case A.originalAppVersion: guard let text = string(payload, value) else { return nil }; originalAppVersion = text
            case A.creationDate: guard let date = date(payload, value) else { return nil }; created = date
            case A.account: guard let text = string(payload, value) else { return nil }; account = text
            case A.environment:
                guard let text = string(payload, value), let read = Receipt.Environment(rawValue: text) else { return nil }
                environment = read
            case A.inAppPurchase:
                guard let purchase = purchase(payload, value) else { return nil }
                purchases.append(purchase)
            default: continue
            }
        }
        guard let account, let environment, let created else { return nil }
        return Receipt(environment: environment, account: account, inApp: purchases, bundleId: bundleId, appVersion: appVersion,
                       originalAppVersion: originalAppVersion, createdMillis: created)
    }

    /// One in-app purchase: the SET inside its attribute's value.
    private static func purchase(_ bytes: [UInt8], _ value: Range<Int>) -> Receipt.Purchase? {
        typealias A = ReceiptAttribute
        var outer = DERReader(bytes, range: value)
        guard let set = outer.read(tag: 0x31), outer.isAtEnd else { return nil }
        var reader = DERReader(bytes, range: set)
        var id: String?, originalId: String?, product: String?, purchased: Int64?
        var ownership: String?, originalDate: Int64?, expires: Int64?, cancelled: Int64?, webOrder: Int64?
        while !reader.isAtEnd {
            guard let (type, value) = attribute(&reader) else { return nil }
            switch type {
            case A.productId: product = string(bytes, value); guard product != nil else { return nil }
            case A.transactionId: id = string(bytes, value); guard id != nil else { return nil }
            case A.originalTransactionId: originalId = string(bytes, value); guard originalId != nil else { return nil }
            case A.purchaseDate: purchased = date(bytes, value); guard purchased != nil else { return nil }
            case A.originalPurchaseDate: originalDate = date(bytes, value); guard originalDate != nil else { return nil }
            case A.expiresDate: expires = date(bytes, value); guard expires != nil else { return nil }
            case A.cancellationDate: cancelled = date(bytes, value); guard cancelled != nil else { return nil }
            case A.ownershipType: ownership = string(bytes, value); guard ownership != nil else { return nil }
            case A.webOrderLineItemId: webOrder = integer(bytes, value); guard webOrder != nil else { return nil }
            default: continue
            }
        }
        guard let id, let originalId, let product, let purchased else { return nil }
        return Receipt.Purchase(transactionId: id, originalTransactionId: originalId, productId: product, purchaseDateMillis: purchased,
                                inAppOwnershipType: ownership, originalPurchaseDateMillis: originalDate, expiresDateMillis: expires,
                                cancellationDateMillis: cancelled, webOrderLineItemId: webOrder)
    }

    /// The next attribute SEQUENCE: its type and its value's content.
    private static func attribute(_ reader: inout DERReader) -> (Int64, Range<Int>)? {
        guard let sequence = reader.read(tag: 0x30) else { return nil }
        var fields = DERReader(reader.bytes, range: sequence)
        guard let type = fields.readInteger(), fields.readInteger() != nil, let value = fields.read(tag: 0x04), fields.isAtEnd
        else { return nil }
        return (type, value)
    }

    /// The one element of `tag` a value holds.
    private static func inner(_ bytes: [UInt8], _ value: Range<Int>, tag: UInt8) -> Range<Int>? {
        var reader = DERReader(bytes, range: value)
        guard let content = reader.read(tag: tag), reader.isAtEnd else { return nil }
        return content
    }

    private static func string(_ bytes: [UInt8], _ value: Range<Int>) -> String? {
        inner(bytes, value, tag: ReceiptAttribute.utf8String).flatMap { DERReader(bytes).text($0) }
    }

    private static func date(_ bytes: [UInt8], _ value: Range<Int>) -> Int64? {
        inner(bytes, value, tag: ReceiptAttribute.ia5String).flatMap { ReceiptDate.millis(bytes, $0) }
    }

    private static func integer(_ bytes: [UInt8], _ value: Range<Int>) -> Int64? {
        var reader = DERReader(bytes, range: value)
        guard let number = reader.readInteger(), reader.isAtEnd else { return nil }
        return number
    }
}
