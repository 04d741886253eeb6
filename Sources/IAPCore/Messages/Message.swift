/// Every message that travels between the parties. The case fixes sender and receiver.
public enum Message: Sendable, Equatable, Codable {
    case requestProducts(identifiers: [String])
    case productsResponse(ProductsResponse)
    case productsRequestFailed(reason: String)
    case addPayment(PaymentRequest)
    case finishTransaction(transactionId: TransactionID)
    case addTransactionObserver
    case restoreCompletedTransactions
    case refreshReceipt
    case receiptRefreshed(receipt: String)
    case transactionUpdated(StoreTransaction)
    case restoreCompleted(RestoreOutcome)
    case verifyPurchase(VerificationRequest)
    case verificationAnswered(VerificationAnswer)
    case verificationFailed(VerificationFailure)
    case verifyReceipt(ReceiptCheck)
    case receiptChecked(ReceiptCheckResult)

    /// Who sends it.
    public var from: Party {
        switch self {
        case .requestProducts, .addPayment, .finishTransaction, .addTransactionObserver,
             .restoreCompletedTransactions, .refreshReceipt, .verifyPurchase:
            return .app
        case .productsResponse, .productsRequestFailed, .transactionUpdated, .restoreCompleted, .receiptRefreshed,
             .receiptChecked:
            return .store
        case .verificationAnswered, .verifyReceipt:
            return .server
        case .verificationFailed:
            return .network
        }
    }

    /// Who receives it.
    public var to: Party {
        switch self {
        case .requestProducts, .addPayment, .finishTransaction, .addTransactionObserver,
             .restoreCompletedTransactions, .refreshReceipt, .verifyReceipt:
            return .store
        case .productsResponse, .productsRequestFailed, .transactionUpdated, .restoreCompleted, .receiptRefreshed,
             .verificationAnswered, .verificationFailed:
            return .app
        case .verifyPurchase, .receiptChecked:
            return .server
        }
    }

    /// What the message is about, if anything. The Server's side of a receipt check is about the
    /// current receipt, and its loss is reported to the app; the app's own request to check its
    /// receipt is about nothing, and its loss is not.
    public var subject: MessageSubject? {
        switch self {
        case .finishTransaction(let id): return .transaction(id)
        case .transactionUpdated(let transaction): return .transaction(transaction.id)
        case .verifyPurchase(let request): return request.transactionId.map(MessageSubject.transaction)
        case .verificationAnswered(let answer): return MessageSubject(answer.transactionId)
        case .verificationFailed(let failure): return MessageSubject(failure.transactionId)
        case .verifyReceipt(let check): return MessageSubject(check.request.transactionId)
        case .receiptChecked(let result): return MessageSubject(result.request.transactionId)
        case .requestProducts, .productsResponse, .productsRequestFailed, .addPayment, .addTransactionObserver,
             .restoreCompletedTransactions, .restoreCompleted, .refreshReceipt, .receiptRefreshed:
            return nil
        }
    }

    /// What the message says, in a few words, for the timeline.
    public var summary: String {
        switch self {
        case .requestProducts(let identifiers):
            return "request products (\(identifiers.count) identifiers)"
        case .productsResponse(let response):
            let invalid = response.invalid.isEmpty ? "" : ": " + response.invalid.joined(separator: ", ")
            return "products: \(response.valid.count) valid, \(response.invalid.count) invalid\(invalid)"
        case .productsRequestFailed(let reason):
            return "product request failed: \(reason)"
        case .addPayment(let request):
            return "add payment \(request.productId)" + (request.answer == .confirm ? "" : " (\(request.answer.rawValue))")
        case .finishTransaction(let id):
            return "finish transaction \(id)"
        case .addTransactionObserver:
            return "add transaction observer"
        case .restoreCompletedTransactions:
            return "restore completed transactions"
        case .refreshReceipt:
            return "refresh the receipt (the app has none)"
        case .receiptRefreshed:
            return "receipt refreshed"
        case .transactionUpdated(let transaction):
            var text = "\(transaction.state.rawValue) \(transaction.productId) tx \(transaction.id)"
            if let error = transaction.error { text += " (\(error.explanation))" }
            return text
        case .restoreCompleted(.finished(let count)):
            return "restore finished: \(count) restored"
        case .restoreCompleted(.failed(let reason)):
            return "restore failed: \(reason)"
        case .verifyPurchase(let request):
            return Self.summary(request)
        case .verificationAnswered(let answer):
            return Self.summary(answer)
        case .verificationFailed(let failure):
            return "no answer for tx \(MessageSubject(failure.transactionId)): \(failure.reason)"
        case .verifyReceipt(let check):
            let endpoint = check.environment == .production ? "" : " at the sandbox"
            let method = check.usesPost ? "" : " sent by GET"
            return (check.request.purpose == .receiptCheck ? "verifyReceipt (current receipt)"
                : "verifyReceipt for tx \(MessageSubject(check.request.transactionId))") + endpoint + method
        case .receiptChecked(let result):
            guard result.status == .valid else {
                let subject = result.request.purpose == .receiptCheck ? "the current receipt" : "tx \(MessageSubject(result.request.transactionId))"
                return "status \(result.status.rawValue) for \(subject): \(result.status.meaning)"
            }
            return result.request.purpose == .receiptCheck
                ? "status 0, \(result.entries.count) purchases on the receipt"
                : "status 0 for tx \(MessageSubject(result.request.transactionId))"
        }
    }

    /// The app's request to its Server, in a few words.
    private static func summary(_ request: VerificationRequest) -> String {
        switch request.purpose {
        case .purchase: return "verify tx \(MessageSubject(request.transactionId)) (\(request.productId))"
        case .renewal: return "check renewal tx \(MessageSubject(request.transactionId)) (\(request.productId))"
        case .receiptCheck: return "check the current receipt"
        }
    }

    /// The Server's answer to the app, in a few words.
    private static func summary(_ answer: VerificationAnswer) -> String {
        let id = MessageSubject(answer.transactionId)
        switch answer.outcome {
        case .credited: return "credited tx \(id): \(answer.grant)"
        case .alreadyCredited: return "already credited tx \(id)"
        case .rejected(let status) where answer.transactionId == nil:
            return "rejected the current receipt: \(status.rawValue) \(status.meaning)"
        case .rejected(let status): return "rejected tx \(id): \(status.rawValue) \(status.meaning)"
        case .refused(let refusal): return "refused tx \(id): \(refusal.meaning)"
        case .receiptChecked(let revoked, let credited):
            let text = "receipt checked: \(revoked) entitlement\(revoked == 1 ? "" : "s") revoked"
            return credited == 0 ? text : text + ", \(credited) credited from the receipt"
        }
    }
}
