import IAPCore

/// What `verifyReceipt` read of an authentic receipt's purchases (whether the Store issued each
/// as listed, each one's entry, nil for a malformed list, `latest_receipt_info`,
/// `pending_renewal_info` and `latest_receipt`), with what the reading depended on: the receipt's
/// text, the restore and the transaction the request named, and the Store database's change count.
struct ReceiptRead {
    let text: String
    let restoring: TransactionID?
    let asked: TransactionID?
    let changes: Int64
    let issued: Bool
    let entries: [ReceiptEntry]?
    let latestReceiptInfo: [ReceiptEntry]
    /// Apple's `pending_renewal_info` of the subscriptions in `latestReceiptInfo`.
    let pendingRenewalInfo: [PendingRenewalInfo]
    /// Apple's `latest_receipt`, for a receipt with auto-renewable subscriptions.
    let latestReceipt: String?
}
