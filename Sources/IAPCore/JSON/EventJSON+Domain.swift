// The domain's values as what an event tells writes them: ids as their digits in a string,
// cases with a raw value as that value.

extension TransactionID: EventJSON {
    /// An id is written as its digits, in a string.
    public func write(to json: inout EventJSONWriter) {
        json.quotedNumber(value)
    }
}

extension MessageSubject: EventJSON {
    /// A subject is written as its id's digits, or an empty string.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .transaction(let id): id.write(to: &json)
        case .currentReceipt: json.string("")
        }
    }
}

extension ReceiptStatus: EventJSON {}
extension ServerRefusal: EventJSON {}
extension VerificationStatus: EventJSON {}
extension PurchaseError: EventJSON {}
extension SheetAnswer: EventJSON {}
extension TransactionState: EventJSON {}
extension SubscriptionStatus.RenewalState: EventJSON {}
extension StoreEnvironment: EventJSON {}
extension NotificationType: EventJSON {}
extension RevocationReason: EventJSON {}
extension Strategy: EventJSON {}
extension StoreKitAPI: EventJSON {}
extension StoreFailure: EventJSON {}
extension CrashPoint: EventJSON {}
extension PlanChange: EventJSON {}
extension RecoverySource: EventJSON {}
extension OfferType: EventJSON {}

extension GrantAmount: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("amount", amount); $0.put("currency", currency) }
    }
}

extension Grant: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .amounts(let amounts): json.tag("amounts") { $0.put("_0", amounts) }
        case .owns(let productId, let untilMillis): json.tag("owns") { $0.put("productId", productId); $0.put("untilMillis", untilMillis) }
        case .written(let words): json.tag("written") { $0.put("_0", words) }
        }
    }
}

extension AppliedOffer: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("id", id); $0.put("period", period); $0.put("type", type) }
    }
}

extension SaveProblem: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .diskFull: json.tag("diskFull")
        case .file(let problem): json.tag("file") { $0.put("_0", problem) }
        }
    }
}

extension NotProvenReason: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .receiptRejected(let status): json.tag("receiptRejected") { $0.put("_0", status) }
        case .refunded: json.tag("refunded")
        case .otherAccount: json.tag("otherAccount")
        case .notOnReceipt: json.tag("notOnReceipt")
        }
    }
}

extension PendingReason: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .receiptStatus(let status): json.tag("receiptStatus") { $0.put("_0", status) }
        case .notProven(let reason): json.tag("notProven") { $0.put("_0", reason) }
        case .notProvenAndDamaged(let reason): json.tag("notProvenAndDamaged") { $0.put("_0", reason) }
        case .noAnswer(let reason): json.tag("noAnswer") { $0.put("_0", reason) }
        }
    }
}
