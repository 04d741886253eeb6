import Foundation
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// What a view derives from the Store's and the Server's history alone: each transaction's
/// offer, the index of holdings and refunds, the transactions in the queue and the credits' rows,
/// kept with the history's stamp (`ReadModel.viewHistory(of:)`).
struct ViewHistory {
    /// The stamp of the history it was made from; nil while a batch was open (never reused).
    let stamp: HistoryReads.Stamp?
    let offers: [TransactionID: TransactionOffer]
    let index: HistoryIndex
    let queue: [StoreRecord]
    let credits: CreditRows
}
