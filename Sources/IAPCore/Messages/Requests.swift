/// The app asks the Store to charge for a product; `answer` is what the user does on the sheet.
public struct PaymentRequest: Sendable, Equatable, Codable {
    public let productId: String
    public let answer: SheetAnswer
    /// The promotional or win-back offer the payment asks for, if any.
    public let offer: OfferRedemption?
    /// StoreKit 2's `appAccountToken` purchase option: the app's user, kept in the signed transaction.
    public let appAccountToken: String?

    public init(productId: String, answer: SheetAnswer, offer: OfferRedemption? = nil, appAccountToken: String? = nil) {
        self.productId = productId
        self.answer = answer
        self.offer = offer
        self.appAccountToken = appAccountToken
    }
}

/// The app asks its Server to verify a purchase and credit it, or to re-check its receipt.
public struct VerificationRequest: Sendable, Equatable, Codable {
    /// Why the app asks, as the Swift seed distinguishes them.
    public enum Purpose: String, Sendable, Codable {
        /// A purchase the user made: verify it and credit it.
        case purchase
        /// A subscription renewed: check the receipt and extend the entitlement.
        case renewal
        /// The launch's check of the current receipt: apply expiries and refunds the app missed.
        case receiptCheck
        /// The launch's recovery of several pending orders at once: the app receipt proves each
        /// order it lists, and the Server credits those in one go.
        case recovery
        /// A notification the Store posted: the Server checks the transaction before crediting,
        /// and acknowledges the notification; the app is not told.
        case notification
    }

    public let purpose: Purpose
    /// The transaction to verify; nil for the check of the current receipt, which names none.
    public let transactionId: TransactionID?
    /// The product the app claims was bought; the Server trusts the receipt instead.
    public let productId: String
    public let serverProductId: String?
    /// The proof's text: the app receipt (`verifyPurchase`), or the signed transaction
    /// (`verifySignedTransaction`).
    public let receipt: String
    /// The App Store account the app's user is signed into; a receipt of another account is refused.
    public let account: String?
    /// The notification the request settles (`purpose` `.notification`).
    public let notification: ServerNotification?
    /// The pending orders a recovery asks the app receipt to prove (`purpose` `.recovery`);
    /// empty for any other request.
    public let orders: [TransactionID]
    /// Whether the app leaves the finish to the Server (strategy server-finishes): once the
    /// Server has credited the transaction, or finds it credited already, it calls Finish
    /// Transaction, each time it is asked, so that a call that was lost is made again.
    public let serverFinishes: Bool
    /// The Pub/Sub message of the Real-time developer notification the request settles (Google
    /// Play, `purpose` `.notification`), which the Server acknowledges once it is settled.
    public let pubSubMessageId: Int64?

    public init(transactionId: TransactionID?, productId: String, serverProductId: String?, receipt: String,
                purpose: Purpose = .purchase, account: String? = nil, notification: ServerNotification? = nil,
                orders: [TransactionID] = [], serverFinishes: Bool = false, pubSubMessageId: Int64? = nil) {
        self.purpose = purpose
        self.pubSubMessageId = pubSubMessageId
        self.serverFinishes = serverFinishes
        self.orders = orders
        self.notification = notification
        self.account = account
        self.transactionId = transactionId
        self.productId = productId
        self.serverProductId = serverProductId
        self.receipt = receipt
    }
}

/// The Server asks the Store's `verifyReceipt`, carrying the app's request along for the reply.
public struct ReceiptCheck: Sendable, Equatable, Codable {
    public let request: VerificationRequest
    /// The endpoint asked: production's or the sandbox's.
    public let environment: StoreEnvironment
    /// The app's shared secret as the Server's configuration holds it (the request's `password`).
    public let sharedSecret: String?
    /// False when the Server sent the request by a method other than HTTP POST.
    public let usesPost: Bool

    public init(request: VerificationRequest, environment: StoreEnvironment = .production, sharedSecret: String? = nil,
                usesPost: Bool = true) {
        self.request = request
        self.environment = environment
        self.sharedSecret = sharedSecret
        self.usesPost = usesPost
    }

    /// The same request, sent to another endpoint.
    public func sent(to environment: StoreEnvironment) -> ReceiptCheck {
        ReceiptCheck(request: request, environment: environment, sharedSecret: sharedSecret, usesPost: usesPost)
    }
}

/// The Store's answer to `verifyReceipt`: Apple's `responseBody` JSON, which the Server reads as
/// a backend reads Apple's, with the request it answers.
public struct ReceiptCheckResult: Sendable, Equatable, Codable {
    public let check: ReceiptCheck
    /// Apple's `responseBody`, as the Store wrote it (`VerifyReceiptResponse.json`).
    public let responseBody: String
    /// The body's status, for the message lanes; the Server reads the body.
    public let status: ReceiptStatus
    /// How many purchases the body's receipt lists, for the message lanes.
    public let purchases: Int

    /// The app's request the check was made for.
    public var request: VerificationRequest { check.request }

    /// The answer `response` gives to `check`.
    public init(_ response: VerifyReceiptResponse, check: ReceiptCheck) {
        self.check = check
        responseBody = response.json
        status = response.status
        purchases = response.receipt?.inApp.count ?? 0
    }

    /// What the body says, read as the Server reads it; a body that cannot be read (which the
    /// Store never writes) is a malformed answer, 21002, "try again".
    public var response: VerifyReceiptResponse {
        (try? VerifyReceiptResponse(reading: responseBody)) ?? VerifyReceiptResponse(status: .malformed, environment: check.environment)
    }
}
