import IAPCore

/// StoreKit 2's `Product.SubscriptionInfo.status(for:)`: read at launch after
/// `Transaction.currentEntitlements`, it shows the access each subscription gives (subscribed,
/// or in a billing grace period). A status the app cannot read changes nothing: the access
/// stays as the entitlements showed it, and no order, credit or transaction is touched.
extension PurchaseService {
    /// What `Transaction.currentEntitlements` shows the user owns (verified, not revoked); then
    /// the app asks for its subscriptions' status.
    func showEntitlements(_ current: [DeliveredTransaction]) {
        entitled = Set(current.filter { $0.deviceCheck == .verified && !$0.revoked }.map(\.productId))
        askSubscriptionStatus()
    }

    /// Asks for the subscriptions' status, when the app sells any.
    private func askSubscriptionStatus() {
        guard !catalog.products(ofType: .autoRenewable).isEmpty, let request = storeKit.subscriptionStatusRequest
        else { return }
        link.send(request)
    }

    /// Shows the access the verified statuses give: a subscription subscribed or in its grace
    /// period is entitled, one expired, in billing retry or revoked is not (unless another of
    /// the same product gives access). An unverified status changes nothing.
    func showAccess(_ statuses: [(transaction: DeliveredTransaction, state: SubscriptionStatus.RenewalState)]) {
        let verified = statuses.filter { $0.transaction.deviceCheck == .verified }
        let access = Set(verified.filter { $0.state.givesAccess && !$0.transaction.revoked }.map(\.transaction.productId))
        let ended = Set(verified.map(\.transaction.productId)).subtracting(access)
        entitled = entitled.subtracting(ended).union(access)
    }

    func subscriptionStatusFailed(_ reason: StoreFailure) {
        link.note(.app(.subscriptionStatusUnread(reason: reason)), from: .app, to: nil, transactionId: nil)
    }
}
