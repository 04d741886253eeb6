/// What `launchBillingFlow` ends with: the call of the app's `PurchasesUpdatedListener`,
/// `onPurchasesUpdated(BillingResult, List<Purchase>)`. Google: "**Warning!** All purchases
/// reported here must either be consumed or acknowledged."
public struct PurchasesUpdated: Equatable, Sendable, Codable {
    public let billingResult: BillingResult
    /// The purchase made (PURCHASED or PENDING); empty unless the result is OK.
    public let purchases: [PlayPurchase]

    public init(billingResult: BillingResult, purchases: [PlayPurchase]) {
        self.billingResult = billingResult
        self.purchases = purchases
    }
}
