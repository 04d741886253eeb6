import IAPCore

/// What a test reads of a `verifyReceipt` answer: its JSON read back as the Server reads it.
extension ReceiptCheckResult {
    /// The receipt's `in_app`, as the body lists it.
    public var entries: [ReceiptEntry] { response.receipt?.inApp ?? [] }
    /// The body's `latest_receipt_info`.
    public var latestReceiptInfo: [ReceiptEntry] { response.latestReceiptInfo }
}
