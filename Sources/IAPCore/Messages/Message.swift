/// Every message that travels between the parties. The case fixes sender and receiver.
public enum Message: Sendable, Equatable, Codable {
    case requestProducts(identifiers: [String])
    case productsResponse(ProductsResponse)
    case addPayment(PaymentRequest)
    case finishTransaction(transactionId: String)
    case addTransactionObserver
    case restoreCompletedTransactions
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
             .restoreCompletedTransactions, .verifyPurchase:
            return .app
        case .productsResponse, .transactionUpdated, .restoreCompleted, .receiptChecked:
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
             .restoreCompletedTransactions, .verifyReceipt:
            return .store
        case .productsResponse, .transactionUpdated, .restoreCompleted, .verificationAnswered,
             .verificationFailed:
            return .app
        case .verifyPurchase, .receiptChecked:
            return .server
        }
    }

    /// The transaction the message is about, if any.
    public var transactionId: String? {
        switch self {
        case .finishTransaction(let id): return id
        case .transactionUpdated(let transaction): return transaction.id
        case .verifyPurchase(let request): return request.transactionId
        case .verificationAnswered(let answer): return answer.transactionId
        case .verificationFailed(let failure): return failure.transactionId
        case .verifyReceipt(let check): return check.request.transactionId
        case .receiptChecked(let result): return result.request.transactionId
        case .requestProducts, .productsResponse, .addPayment, .addTransactionObserver,
             .restoreCompletedTransactions, .restoreCompleted:
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
        case .addPayment(let request):
            return "add payment \(request.productId)" + (request.answer == .confirm ? "" : " (\(request.answer.rawValue))")
        case .finishTransaction(let id):
            return "finish transaction \(id)"
        case .addTransactionObserver:
            return "add transaction observer"
        case .restoreCompletedTransactions:
            return "restore completed transactions"
        case .transactionUpdated(let transaction):
            var text = "\(transaction.state.rawValue) \(transaction.productId) tx \(transaction.id)"
            if let error = transaction.error { text += " (\(error.explanation))" }
            return text
        case .restoreCompleted(.finished(let count)):
            return "restore finished: \(count) restored"
        case .restoreCompleted(.failed(let reason)):
            return "restore failed: \(reason)"
        case .verifyPurchase(let request):
            return "verify tx \(request.transactionId) (\(request.productId))"
        case .verificationAnswered(let answer):
            switch answer.outcome {
            case .credited: return "credited tx \(answer.transactionId): \(answer.grant)"
            case .alreadyCredited: return "already credited tx \(answer.transactionId)"
            case .rejected(let status): return "rejected tx \(answer.transactionId): \(status.rawValue) \(status.meaning)"
            }
        case .verificationFailed(let failure):
            return "no answer for tx \(failure.transactionId): \(failure.reason)"
        case .verifyReceipt(let check):
            return "verifyReceipt for tx \(check.request.transactionId)"
        case .receiptChecked(let result):
            return "status \(result.status.rawValue) for tx \(result.request.transactionId)"
        }
    }
}
