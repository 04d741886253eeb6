/// A piece of the interface's own wording, looked up in the chosen language's table; every
/// table is an exhaustive switch, so a phrase no language words does not compile. Holes `{1}`,
/// `{2}`… are filled in order (`Language.callAsFunction`).
enum Phrase: CaseIterable {
    // The header
    case appRunning
    case appRecovering
    case appCrashed
    case appNotLaunched
    case appClosed
    case headerStrategy
    case headerStoreKit2
    case headerCrashArmed
    case headerPowerCutArmed
    case switchNet
    case switchServer
    case switchAccount
    case auditBadge
    case neverReaches

    // Switch values, in the header and the faults panel
    case online
    case offline
    case on
    case off
    case yes
    case no
    case serverUp
    case serverDown
    case serverDropResponse
    case secretOk
    case secretWrong

    // The catalog
    case catalog
    case catalogPosition
    case catalogBalance
    case consumable
    case consumableShort
    case nonConsumable
    case nonConsumableShort
    case autoRenewable
    case autoRenewableShort
    case nonRenewing
    case nonRenewingShort
    case invalid
    case owned
    case refunded
    case refundedAppIssue
    case refundedOther
    case expired
    case trialUntil
    case offerUntil
    case until
    case startsAt
    case graceUntil
    case billingRetry
    case consentNeeded
    case consentNeededShort
    case priceAgreed
    case priceDeclined

    // The parties
    case storeQueue
    case appCache
    case serverLedgerOne
    case serverLedger
    case ledgerRefunded
    case more
    case purchasing
    case purchased
    case failed
    case deferred
    case restored

    // The timeline
    case timeline
    case partyApp
    case partyStore
    case partyServer
    case partyCache
    case inFlight
    case nextMark
    case waiting
    case you
    case scrolledBackOne
    case scrolledBack
    case arrivedSince
    case legendArrows
    case legendMarks

    // The purchase sheet
    case appStore
    case sheetPrice
    case sheetAccount
    case sheetKeys

    // The crash, power-cut and strategy menus
    case crashMenu
    case crashNowBetween
    case powerCutNow
    case powerCutAtOrDisarm
    case pointLegend
    case nothingArmed
    case crashArmedAt
    case powerCutArmedAt
    case crashArmedNever
    case powerCutArmedNever
    case powerCutMenu
    case powerCutMenuNote
    case strategyMenu
    case strategyMenuNote

    // Help and reports
    case help
    case helpSheet
    case helpCrashMenu
    case helpTransactions
    case helpFaults
    case helpStrategies
    case recoveryReport
    case lossReport
    case recoveryAndLossReport
    case dismissKey

    // The transaction manager
    case transactions
    case columnId
    case columnProduct
    case columnState
    case columnDate
    case columnFinished
    case columnNotes
    case trial
    case offerIntroductory
    case offerPromotional
    case offerCode
    case offerWinBack
    case renewal
    case restore
    case familyShared
    case interrupted
    case noAutoRenew
    case renewsAs
    case proratedRefund
    case refundedRest
    case chargedPrice
    case selectedNotes
    case clearTitle
    case clearQuestion
    case clearKeys
    case noTransactions
    case deleteTitle
    case deleteQuestion
    case deleteForGood
    case deleteKeys

    // The faults panel
    case faults
    case faultNetwork
    case faultServer
    case faultSellSelected
    case faultSharedSecret
    case faultVerifyMethod

    // Other screens
    case tooSmall
    case narrationStep
    case narrationOver
    case realCrash
    case listSeparator

    // The status line
    case welcome
    case playing
    case notDone
    case stepNotDone
    case stepDone
    case expectMet
    case expectUnmet
    case scriptOver
    case restoring
    case restoreNoAnswer
    case stepModeOn
    case stepModeOff
    case signedIn
    case buying
    case crashArmedStatus
    case disarmed
    case powerCutArmedStatus
    case relaunched
    case onlyDeferred
    case approved
    case declined
    case onlyInterrupted
    case onlyCharged
    case refundedStatus
    case onlyAutoRenewable
    case onlyAutoRenewableExpire
    case forgedTamper
    case forgedReplay
    case onlyWithReceipt
    case deleted
    case kept
    case billingFailsStatus
    case billingOkStatus
    case consentedStatus
    case declinedIncreaseStatus
    case onlyPriceIncrease
    case onlyAutoRenewableBilling
    case cleared
    case clearKept

    // The keys: what the footer and the help call them
    case otherKey
    case anyKey
    case select
    case moveInAList
    case buy
    case buySelected
    case restoreKey
    case restorePurchases
    case crash
    case crashMenuHelp
    case transactionsKey
    case transactionManager
    case faultsKey
    case faultsHelp
    case stepMode
    case stepOff
    case stepModeHelp
    case next
    case deliverNext
    case scroll
    case scrollTimeline
    case helpKey
    case thisHelp
    case quit
    case pickStrategy
    case accountHelp
    case confirm
    case cancel
    case askToBuy
    case crashNow
    case armPoint
    case armPointHelp
    case powerCut
    case powerCutAt
    case powerCutAtHelp
    case disarm
    case disarmHelp
    case cutAtPoint
    case cutAtPointHelp
    case relaunch
    case relaunchHelp
    case pickSwitch
    case toggle
    case toggleHelp
    case close
    case back
    case backHelp
    case dismiss
    case nextStep
    case nextStepHelp
    case pickTransaction
    case approve
    case approveHelp
    case decline
    case declineHelp
    case resolve
    case resolveHelp
    case refund
    case refundHelp
    case autoRenew
    case autoRenewHelp
    case expire
    case expireHelp
    case renewNow
    case renewNowHelp
    case delete
    case deleteHelp
    case forge
    case forgeHelp
    case replay
    case replayHelp
    case billing
    case billingHelp
    case agree
    case agreeHelp
    case disagree
    case disagreeHelp
    case clearAll
    case clearAllHelp
    case clearConfirmHelp
    case apiErrors
    case apiErrorsHelp
    case decodeKey
    case decodeHelp
    case scrollDecodedHelp
    case laneKey
    case laneHelp
    case clock
    case clockHelp
    case deleteConfirmHelp
    case keep
    case keepHelp
    case answerAsk
}
