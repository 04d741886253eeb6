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
extension CrashPoint: EventJSON {}
extension PlanChange: EventJSON {}
extension RecoverySource: EventJSON {}
