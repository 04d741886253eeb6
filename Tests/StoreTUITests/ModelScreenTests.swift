import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The update and the renderer on a fixed world view, no world on disk: keys in, effects and
/// whole screens (text rows) out.
@Suite struct ModelScreenTests {
    let coins = "com.storesim.coins.100"
    let monthly = "com.storesim.premium.monthly"

    @Test func theScreenShowsWhatTheViewHolds() throws {
        let catalog = WorldViewFixture.catalog
        let rows = catalog.products.map { product in
            CatalogRow(product: product, invalid: product.id == "com.storesim.pro",
                       holding: product.id == coins ? .credited(2) : (product.id == monthly ? .until(SimulatedTime.epoch.addingTimeInterval(7 * 86400), trial: true) : .none))
        }
        let view = WorldViewFixture.view(
            products: rows, credits: [CreditRow(transactionId: 1000000000000001, productId: coins, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))],
            balances: ["coins": 200], pendingOrders: [PendingOrderRow(transactionId: 1000000000000002, productId: coins)])
        let screen = Screen.render(TUIState(columns: 80, rows: 24), view).textRows
        try expectFrame(screen, "credited-pending-invalid-and-trial-en-80x24")
        #expect(screen.count == 24)
    }

    /// Apple (Implementing introductory offers in your app): "When the app queries the App Store
    /// for a list of available products, display the introductory pricing if the user is
    /// eligible to receive them." A row whose offer applies shows its price before the regular one.
    @Test func aRowShowsTheOfferPriceThatApplies() throws {
        let rows = WorldViewFixture.catalog.products.map { product in
            var row = CatalogRow(product: product, invalid: false, holding: .none)
            if product.id == monthly { row.offerPrice = Decimal(string: "1.99") }
            return row
        }
        let screen = Screen.render(TUIState(columns: 80, rows: 24), WorldViewFixture.view(products: rows)).textRows
        try expectFrame(screen, "monthly-offer-price-en-80x24")
    }

    @Test func enterOpensTheSheetAndEnterThereBuys() {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        #expect(TUIUpdate.update(&state, .input(.key(.down)), model: view).isEmpty)
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: view).isEmpty)
        #expect(state.mode == .sheet(productId: "com.storesim.coins.550"))
        let effects = TUIUpdate.update(&state, .input(.key(.enter)), model: view)
        #expect(effects == [.perform(.buy(productId: "com.storesim.coins.550", answer: .confirm))])
        #expect(state.mode == .main)
    }

    /// Apple's revocationReason: 1 "an actual or perceived issue within your app", 0 other reasons.
    @Test func theTransactionManagerShowsWhyARefundWasMade() throws {
        func refunded(_ id: TransactionID, _ reason: RevocationReason) -> TransactionRow {
            var row = TransactionRow(id: id, originalId: id, productId: coins, state: .purchased, kind: .purchase, charged: true,
                                     finished: true, refunded: true, date: SimulatedTime.epoch, error: nil, hasReceipt: true,
                                     isUnfinished: false, autoRenewOff: false)
            row.refundReason = reason
            return row
        }
        let appIssue = refunded(1000000000000001, .appIssue)
        let other = refunded(1000000000000002, .other)
        let view = WorldViewFixture.view(transactions: [appIssue, other])
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        let screen = Screen.render(state, view).textRows
        try expectFrame(screen, "transactions-refund-reasons-en-100x30")
    }

    @Test func theTransactionManagerTurnsAutoRenewBackOnAndRefusesToForgeWithoutAReceipt() throws {
        let view = WorldViewFixture.view(transactions: [
            WorldViewFixture.transaction(1000000000000001, monthly, autoRenewOff: true),
            WorldViewFixture.transaction(1000000000000002, coins, finished: false, hasReceipt: false),
        ])
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(state.mode == .transactions)
        #expect(state.panelSelection == 1, "the newest transaction is selected")
        try expectFrame(Screen.render(state, view).textRows, "transactions-auto-renew-off-en-100x30")
        #expect(TUIUpdate.update(&state, .input(.key(.character("g"))), model: view).isEmpty)
        #expect(state.status == "Only a transaction with a receipt can be forged.")
        _ = TUIUpdate.update(&state, .input(.key(.up)), model: view)
        let effects = TUIUpdate.update(&state, .input(.key(.character("n"))), model: view)
        #expect(effects == [.perform(.subscriptionRenew(productId: monthly, on: true))])
    }
}
