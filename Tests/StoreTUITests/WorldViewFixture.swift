import Foundation
import IAPCore
import ReadSide
import WorldCore

/// A world as a face sees it, made by hand: screens and key presses tested with no world on disk.
enum WorldViewFixture {
    static let catalog = BuiltInCatalog.catalog()

    /// A running app in a quiet world with nothing bought, unless the caller adds it.
    static func view(products: [CatalogRow]? = nil, transactions: [TransactionRow] = [], credits: [CreditRow] = [],
                     balances: [String: Int] = [:], pendingOrders: [PendingOrderRow] = [],
                     audit: AuditSummary = AuditSummary()) -> WorldView {
        WorldView(
            appStatus: .running, recovering: false, settings: WorldSettings(), storeSwitches: StoreSwitches(),
            account: "demo", now: SimulatedTime.epoch, catalog: catalog,
            products: CatalogRows(products ?? catalog.products.map { CatalogRow(product: $0, invalid: false, holding: .none) }),
            transactions: TransactionRows(transactions), credits: CreditRows(credits), balances: balances, pendingOrders: pendingOrders,
            cacheWarnings: [], armedCrash: nil, armedPowerCut: false, nextMessage: nil, messagesInFlight: 0,
            audit: audit)
    }

    /// A transaction of `productId`, purchased and finished unless said otherwise.
    static func transaction(_ id: TransactionID, _ productId: String, finished: Bool = true, hasReceipt: Bool = true,
                            autoRenewOff: Bool = false) -> TransactionRow {
        TransactionRow(id: id, originalId: id, productId: productId, state: .purchased, kind: .purchase, charged: true,
                       finished: finished, refunded: false, date: SimulatedTime.epoch, error: nil, hasReceipt: hasReceipt,
                       isUnfinished: !finished, autoRenewOff: autoRenewOff)
    }
}
