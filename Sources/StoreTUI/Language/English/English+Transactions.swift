extension English {
    /// The English wording of the transaction manager.
    static func text(_ phrase: TransactionPhrase) -> String {
        switch phrase {
        case .transactions: "Transactions"
        case .columnId: "id"
        case .columnProduct: "product"
        case .columnState: "state"
        case .columnDate: "date"
        case .columnFinished: "fin"
        case .columnNotes: "notes"
        case .trial: "trial"
        case .offerIntroductory: "intro"
        case .offerPromotional: "promo"
        case .offerCode: "code"
        case .offerWinBack: "win-back"
        case .renewal: "renewal"
        case .restore: "restore"
        case .familyShared: "family shared"
        case .interrupted: "interrupted"
        case .noAutoRenew: "no auto-renew"
        case .renewsAs: "renews as {1}"
        case .proratedRefund: "prorated refund {1}"
        case .refundedRest: "the rest refunded, {1}"
        case .chargedPrice: "charged {1}"
        case .selectedNotes: "tx {1}: {2}"
        case .clearTitle: "Clear all transactions"
        case .clearQuestion: "Delete all {1} transactions from the Store?"
        case .clearKeys: "y  clear all        any other key  keep them"
        case .noTransactions: "No transactions yet."
        case .deleteTitle: "Delete a transaction"
        case .deleteQuestion: "Delete tx {1} ({2}) from the Store?"
        case .deleteForGood: "The Store forgets it for good: no restore, no redelivery."
        case .deleteKeys: "y  delete        any other key  keep it"
        }
    }
}
