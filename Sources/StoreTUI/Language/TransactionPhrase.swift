/// The interface's wording for the transaction manager: its columns, a transaction's notes and
/// the questions before a transaction is deleted or all are cleared. Looked up like `Phrase`, in
/// each language's table of its own; holes `{1}`, `{2}`… are filled in order.
enum TransactionPhrase: CaseIterable, Sendable {
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
}
