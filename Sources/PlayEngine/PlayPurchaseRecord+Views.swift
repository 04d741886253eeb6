import IAPCore

/// A purchase as each of Google's interfaces shows it: the Billing Library's `Purchase`, the
/// Developer API's `ProductPurchase` and `VoidedPurchase`. Each maps Play's own state by case,
/// never a number of one numbering into the other.
extension PlayPurchaseRecord {
    /// The purchase as the Billing Library hands it to the app; nil once canceled, which the app
    /// is never handed.
    public var billingPurchase: PlayPurchase? {
        let state: BillingPurchaseState
        switch self.state {
        case .purchased: state = .purchased
        case .pending: state = .pending
        case .canceled: return nil
        }
        return billingPurchase(as: state)
    }

    /// The purchase as the Billing Library hands it to the app in `state`; a renewed
    /// subscription's order id is its latest renewal's (Google, of `Purchase.getOrderId()`: "a
    /// unique order identifier for the transaction"; each renewal is a transaction of its own).
    func billingPurchase(as state: BillingPurchaseState) -> PlayPurchase {
        PlayPurchase(orderId: latestOrderId, purchaseToken: token, productId: productId, purchaseState: state,
                     purchaseTimeMillis: createdMillis, isAcknowledged: isAcknowledged, obfuscatedAccountId: obfuscatedAccountId)
    }

    /// The purchase as `purchases.products.get` answers it. A voided purchase reads Canceled, as a
    /// canceled pending payment does: neither is held any more.
    public var productPurchase: ProductPurchase {
        let purchaseState: ProductPurchaseState
        switch state {
        case .purchased: purchaseState = isVoided ? .canceled : .purchased
        case .pending: purchaseState = .pending
        case .canceled: purchaseState = .canceled
        }
        return ProductPurchase(purchaseTimeMillis: createdMillis, purchaseState: purchaseState,
                               consumptionState: isConsumed ? .consumed : .yetToBeConsumed, orderId: orderId,
                               acknowledgementState: isAcknowledged ? .acknowledged : .yetToBeAcknowledged,
                               purchaseToken: token, productId: productId, quantity: 1,
                               obfuscatedExternalAccountId: obfuscatedAccountId)
    }

    /// The purchase as the Voided Purchases API lists it; nil unless it was voided.
    public var voidedPurchase: VoidedPurchase? {
        guard let voidedMillis, let voidedSource, let voidedReason else { return nil }
        return VoidedPurchase(purchaseToken: token, purchaseTimeMillis: createdMillis, voidedTimeMillis: voidedMillis,
                              orderId: voidedOrderId ?? orderId, voidedSource: voidedSource, voidedReason: voidedReason)
    }
}

extension PlayPurchaseRecord {
    /// A subscription's `subscriptionState` at `millis`; nil for a one-time product. A voided
    /// subscription (refunded and revoked) is expired, as its period ended then. An
    /// auto-renewing subscription whose renewal could not be charged is in its grace period
    /// until its `expiryTime`, then on hold until the hold ends; canceled in its grace period,
    /// it is canceled until its `expiryTime`, as any other.
    public func subscriptionState(at millis: Int64) -> PlaySubscriptionState? {
        guard isSubscription else { return nil }
        switch state {
        case .pending: return .pending
        case .canceled: return .pendingPurchaseCanceled
        case .purchased:
            if isVoided || endedMillis != nil { return .expired }
            if autoRenewing, let billingIssue { return billingIssue == .hold || isExpired(at: millis) ? .onHold : .inGracePeriod }
            if isExpired(at: millis) { return .expired }
            return autoRenewing ? .active : .canceled
        }
    }
}
