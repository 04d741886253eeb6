/// A sentence the simulation writes in English — an event on the timeline, a reason, a line of
/// a report, a refusal — known by its template. The English table gives the template the text
/// is matched against, in this order (the first that fits tells it); every other language's
/// table gives the template it is told with. Holes: `{n}` a number, `{tx}` a transaction id,
/// `{id}` and `{word}` one word kept as it is (a product id, a crash point, a strategy), `{any}`
/// any text kept as it is (a title, a price, a date), `{text}` a sentence told in turn, `{list}`
/// sentences separated by commas, each told in turn.
enum CoreSentence: CaseIterable {
    // Delivery that failed: the message, then why
    case notDelivered

    // Messages between the parties
    case requestProducts
    case productsWithInvalid
    case products
    case productRequestFailed
    case addPaymentAsk
    case addPaymentCancel
    case addPayment
    case finishTransaction
    case addObserver
    case restoreCompleted
    case refreshReceipt
    case receiptRefreshed
    case purchasing
    case purchased
    case failedBecause
    case failed
    case deferred
    case restored
    case restoreFinished
    case restoreFailed
    case verify
    case checkRenewal
    case checkReceipt
    case credited
    case alreadyCredited
    case rejected
    case refusedTx
    case rejectedReceipt
    case receiptCheckedCreditedOne
    case receiptCheckedCredited
    case receiptCheckedOne
    case receiptChecked
    case noAnswer
    case verifyCurrentReceipt
    case verifyReceiptFor
    case receiptStatus
    case statusFor
    case statusMeaningFor
    case statusMeaningReceipt
    case atSandbox
    case byGet
    case askOtherEndpoint
    case upgradeNow
    case crossgradeNow
    case downgradeAtRenewal

    // Subscription offers
    case offerIdentifierInvalid
    case offerSignatureInvalid
    case offerIneligible
    case signOffer
    case offerNotSigned
    case offerSigned
    case redeemOfferCode
    case addPaymentSignedOffer
    case addPaymentOffer
    case purchaseSignedOffer
    case purchaseOffer
    case tapOffer
    case offerCharged
    case offerRenews
    case offerPeriod
    case introductoryOffer
    case promotionalOffer
    case offerCode
    case winBackOffer
    case serverDidNotSign
    case offerCodeInvalid
    case offerCodeRedeemed
    case offerCodeNotRedeemed
    case offerCodeInTheWay
    case oneTimeCodeOnce
    case accountCodeOnce
    case crossgradeAtRenewal
    case billingRetryGrace
    case billingRetry
    case sandboxRenewalLimit
    case billingRecovered
    case billingExpired
    case priceIncreaseAsked
    case priceIncreaseDeclined
    case priceIncreaseUnanswered
    case chargedIncreasedPrice

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
    case getTransactionHistory
    case transactionHistory
    case creditFromHistory
    case refundedPurchase

    // The parties' own steps
    case savePendingOrder
    case setAsideRefused
    case creditFromReceipt
    case removePendingOrder
    case setAsidePendingOrder
    case couldNotSave
    case couldNotSetAside
    case couldNotRemove
    case couldNotKeepReceipt
    case stoppedBeforeFinishing
    case credit
    case powerCutNothingLost
    case powerCutLostBytes
    case tornRecord
    case damagedRecord
    case refused
    case cannotPay
    case alreadyInProgress
    case productsUnavailable
    case notForSale

    // What the user did
    case launch
    case quit
    case crashArmed
    case powerCutArmed
    case crashDisarmed
    case tapBuyConfirm
    case tapBuyCancel
    case tapBuyAsk
    case tapRestore
    case signedIn
    case serverDiskFull
    case serverVerifyMethod
    case sharedSecretRight
    case sharedSecretWrong
    case serverDiskRoom
    case deviceDiskFull
    case deviceDiskRoom
    case scenarioNetwork
    case scenarioServer
    case scenarioStrategy
    case scenarioStoreFail
    case scenarioStoreSwitch
    case catalogSettings
    case parentApproves
    case parentDeclines
    case resolve
    case renewNow
    case refundBecause
    case reasonAppIssue
    case reasonOther
    case refunds
    case refundsTransaction
    case expireNow
    case deleteTransaction
    case sells
    case stopsSelling
    case autoRenewOn
    case autoRenewOff
    case billingFails
    case billingOk
    case raisePrice
    case consentsToIncrease
    case declinesIncrease
    case reinstall
    case clockAdvanced
    case forgeTamper
    case forgeReplay
    case forgeCachedReceipt
    case forgeCachedProduct

    // Crashes, and the steps a crash point follows
    case crashedAt
    case crashedBetween
    case powerCutAt
    case powerCutBetween
    case pointPaymentSent
    case pointPurchased
    case pointCached
    case pointServerCommitted
    case pointVerified
    case pointFinished

    // The strategies, in one line each
    case verifyThenFinish
    case queueOnly
    case finishThenCache
    case finishFirst

    // The recovery report
    case recoveredOne
    case recovered
    case recoveredItem
    case sourceCache
    case sourceQueue
    case sourceBoth
    case creditedNow
    case creditedBefore
    case stillPending
    case rejectedOutcome
    case refusedOutcome
    case noAnswerYet

    // The loss report
    case foundLostOne
    case foundLost
    case lostPaidUnder
    case lostUnder
    case lostPaid
    case lost
    case ran
    case stepPaid
    case stepPurchased
    case stepCached
    case stepCredited
    case stepHeard
    case stepFinished
    case stepNothing
    case whyLost
    case notRedelivered
    case finishedWithoutCache
    case finishedBeforeSaved
    case finishedBeforeDisk
    case finishedNoAnswer
    case rescue

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
    case priceNotAbove
    case noConsentWaiting
    case refundedAlready
    case noAskToBuy

    // StoreKit 2: its calls and results, signed transactions and why one fails verification
    case purchaseAsk
    case purchaseCancel
    case purchase
    case purchaseThrew
    case purchaseSuccess
    case purchaseUserCancelled
    case purchasePending
    case listenForUpdates
    case updateSynced
    case update
    case finish
    case sync
    case verifySigned
    case checkRenewalSigned
    case rejectedSigned
    case verifiedOffline
    case deviceVerified
    case deviceUnverified
    case revokedUpdate
    case readEntitlements
    case noEntitlements
    case entitlements
    case setAsideSigned
    case rejectedSignedOutcome
    case launchWithAPI
    case scenarioAPI
    case forgeJWS
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

    // App Store Server API and App Store Server Notifications V2
    case getTransactionInfo
    case transactionInfoNotFound
    case transactionInfoNow
    case unknownToStore
    case notificationRetry
    case notification
    case notificationAcknowledged
    case getNotificationHistory
    case notificationHistory
    case creditFromNotification
    case refundTakesBack
    case notificationNotVerified
    case fetchHistory
    case historyRefused
    case scenarioServerNotifications
}
