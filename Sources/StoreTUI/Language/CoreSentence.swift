/// A sentence the simulation still writes in English inside what it tells — a reason, a grant,
/// a line of the loss report, a refusal — known by its template (events themselves are typed
/// and worded case by case). The English table gives the template the text
/// is matched against, in this order (the first that fits tells it); every other language's
/// table gives the template it is told with. Holes: `{n}` a number, `{tx}` a transaction id,
/// `{id}` and `{word}` one word kept as it is (a product id, a crash point, a strategy), `{any}`
/// any text kept as it is (a title, a price, a date), `{text}` a sentence told in turn.
enum CoreSentence: CaseIterable {
    // Offers, and why an offer cannot be bought
    case offerIdentifierInvalid
    case offerSignatureInvalid
    case offerIneligible
    case billingIssue
    case offerPeriod
    case introductoryOffer
    case promotionalOffer
    case offerCode
    case winBackOffer

    // What the Server grants
    case grantCoins
    case ownsUntil
    case owns

    // Why a message got no answer, why a purchase failed, what a receipt status means
    case serverDown
    case networkOffline
    case networkWentOffline
    case replyLost
    case noReply
    case appNotRunning
    case serverCouldNotSave
    case writeFailed
    case noSpace
    case storeUnreachable
    case userCancelled
    case declinedByParent
    case askToBuyExpired
    case paymentInvalid
    case paymentNotAllowed
    case networkError
    case unknownError
    case interrupted
    case receiptValid
    case statusMeaning
    case notPost
    case malformed
    case notAuthenticated
    case receiptServerDown
    case sandboxInProduction
    case productionInSandbox
    case wrongSharedSecret
    case notOnReceipt
    case otherAccount
    case otherUser
    case refundedPurchase

    // Commands the world refused
    case alreadyRunning
    case needsApp
    case statusNotLaunched
    case statusClosed
    case statusCrashed
    case clockStops
    case forgeryNeedsApp
    case noReceiptFor
    case noPendingOrderFor
    case cacheNotEditable
    case noTransaction
    case noInterrupted
    case noPaidTransaction
    case noPaidTransactionId
    case renewNowBillingFails
    case priceNotAbove
    case noConsentWaiting
    case refundedAlready
    case nothingLeftToRefund
    case noCurrentPeriodNever
    case noCurrentPeriodRefunded
    case noCurrentPeriodExpired
    case noAskToBuy

    // Why a signed transaction fails verification
    case noSignedTransactionFor
    case jwsMalformed
    case jwsParts
    case jwsHeaderNotJSON
    case jwsAlg
    case jwsX5c
    case jwsX5cNotCertificate
    case jwsPayloadNotJSON
    case jwsNoSignedDate
    case jwsBadBase64
    case jwsBadChain
    case jwsWrongRoot
    case jwsBadSignature
    case libcryptoFailed
    case noPinnedRoot
    case payloadNotTransaction
    case payloadNotATransaction
    case otherApp
    case otherEnvironment

    // The App Store Server API's refusals
    case unknownToStore
    case historyRefused
}
