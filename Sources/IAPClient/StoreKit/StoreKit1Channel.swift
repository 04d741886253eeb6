import IAPCore

/// StoreKit 1, the API of the two designs StoreSim comes from: `SKPaymentQueue`, its
/// transaction observer, `finishTransaction`, `restoreCompletedTransactions`, and the app receipt.
struct StoreKit1Channel: StoreKitChannel {
    var api: StoreKitAPI { .storekit1 }
    var listen: Message { .addTransactionObserver }
    var checksReceiptAtLaunch: Bool { true }
    var readsAppReceipt: Bool { true }
    var signsOffers: Bool { true }
    var tiesPurchasesToAccount: Bool { false }
    var entitlementsRequest: Message? { nil }

    func entitlements(_ message: Message) -> [DeliveredTransaction]? {
        nil
    }

    var subscriptionStatusRequest: Message? { nil }

    func subscriptionStatuses(_ message: Message) -> [(transaction: DeliveredTransaction, state: SubscriptionStatus.RenewalState)]? {
        nil
    }

    func purchase(_ request: PaymentRequest) -> Message {
        .addPayment(request)
    }

    func finish(_ transactionId: TransactionID) -> Message? {
        .finishTransaction(transactionId: transactionId)
    }

    func restore(hasReceipt: Bool) -> Message {
        hasReceipt ? .restoreCompletedTransactions : .refreshReceipt
    }

    func delivered(_ message: Message) -> [DeliveredTransaction] {
        switch message {
        case .transactionUpdated(let transaction): [DeliveredTransaction(transaction)]
        case .transactionsUpdated(let transactions): transactions.map(DeliveredTransaction.init)
        default: []
        }
    }
}
