import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// The transaction manager under StoreKit 2 (screens as text rows at 80×24 and 200×60): Enter
/// shows the selected transaction's JWS decoded and verified against the root the Server
/// pinned; the parties panel shows what `Transaction.currentEntitlements` gave the app; a note
/// too long for its column ends in `…`. Apple, JWSDecodedHeader: "Use the information in the
/// JWSDecodedHeader to validate the JWS signature"; x5c: "The JSON Web Signature (JWS) header
/// parameter that contains the certificate chain that corresponds to the key used to digitally
/// sign the JWS"; currentEntitlements: "A sequence of the latest transactions that entitle a
/// customer to In-App Purchases and subscriptions."
@Suite struct SignedTransactionScreenTests {
    static let pro = "com.storesim.pro"

    private func screen(_ state: TUIState, _ model: WorldView) -> [String] {
        Screen.render(state, model).textRows
    }

    /// The transaction manager with the newest transaction selected, then Enter.
    private func decoded(_ world: World, columns: Int, rows: Int, locale: String = "en_US") throws -> TUIState {
        var state = TUIState(columns: columns, rows: rows, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try ReadModel(world).view())
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: try ReadModel(world).view())
        return state
    }

    @Test func enterDecodesTheSignedTransactionFieldByFieldAsItsJWSSays() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], notifications: false)
        _ = folder
        let view = try ReadModel(world).view()
        let record = try #require(view.transactions.last)
        let jws = try #require(record.signedTransaction)
        let payload = try #require(JWSText.payload(of: jws))
        let state = try decoded(world, columns: 200, rows: 60)
        #expect(state.mode == .decoded(transactionId: record.id))
        let rows = screen(state, view)
        try expectFrame(rows, "decoded-pro-en-200x60")
        for (name, value) in payload {
            let shown = "\(value)"
            #expect(rows.contains { $0.contains("  \(name) ") && $0.contains(" \(shown)") }, "\(name) = \(shown) is not shown")
        }
        for name in ["transactionId", "originalTransactionId", "productId", "purchaseDate", "type", "inAppOwnershipType", "environment",
                     "appAccountToken"] {
            #expect(payload[name] != nil, "the payload has \(name)")
        }
    }

    @Test func atEightyByTwentyFourTheFieldsScrollAndArrowsFlipThroughTransactions() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .buy(productId: "com.storesim.coins.100", answer: .confirm)],
                                                                    notifications: false)
        _ = folder
        let view = try ReadModel(world).view()
        var state = try decoded(world, columns: 80, rows: 24)
        let first = screen(state, view)
        try expectFrame(first, "decoded-newest-of-two-en-80x24")
        for _ in 0..<3 { _ = TUIUpdate.update(&state, .input(.key(.pageDown)), model: view) }
        let scrolled = screen(state, view)
        try expectFrame(scrolled, "decoded-newest-scrolled-en-80x24")
        #expect(scrolled.allSatisfy { $0.count <= 80 })
        _ = TUIUpdate.update(&state, .input(.key(.up)), model: view)
        #expect(state.mode == .decoded(transactionId: 1_000_000_000_000_001) && state.decodedOffset == 0)
        try expectFrame(screen(state, view), "decoded-older-of-two-en-80x24")
        _ = TUIUpdate.update(&state, .input(.key(.escape)), model: view)
        #expect(state.mode == .transactions)
    }

    @Test func aRefundedTransactionShowsItsRevocationAndChineseReadsTheSame() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .refund(.product(Self.pro), reason: .appIssue)],
                                                                    notifications: false)
        _ = folder
        let view = try ReadModel(world).view()
        let rows = screen(try decoded(world, columns: 200, rows: 60), view)
        try expectFrame(rows, "decoded-refunded-en-200x60")
    }

    @Test func aForgedJWSIsShownAsNotVerifying() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], notifications: false)
        _ = folder
        let genuine = try ReadModel(world).view()
        var record = try #require(genuine.transactions.last)
        record.signedTransaction = JWSText.forged(try #require(record.signedTransaction), replacing: Self.pro,
                                                  with: "com.storesim.season")
        var model = WorldViewFixture.view(transactions: [record])
        model.pinnedRoot = genuine.pinnedRoot
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: model)
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: model)
        try expectFrame(screen(state, model), "decoded-forged-en-80x24")
        model.pinnedRoot = nil
        try expectFrame(screen(state, model), "decoded-forged-no-pinned-root-en-80x24")
    }

    @Test func aStoreKit1TransactionHasNoJWSToDecode() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], api: .storekit1,
                                                                    notifications: false)
        _ = folder
        let state = try decoded(world, columns: 80, rows: 24)
        #expect(state.mode == .transactions)
        #expect(state.status == "Only a transaction the Store signed for StoreKit 2 has a JWS to decode.")
        try expectFrame(screen(TUIState(columns: 200, rows: 60), try ReadModel(world).view()), "storekit1-pro-no-entitlements-en-200x60")
    }

    @Test func thePartiesPanelShowsTheAppsCurrentEntitlements() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .buy(productId: "com.storesim.season", answer: .confirm)],
                                                                    notifications: false)
        _ = folder
        let wide = screen(TUIState(columns: 200, rows: 60), try ReadModel(world).view())
        try expectFrame(wide, "entitlements-pro-and-season-en-200x60")
        let narrow = screen(TUIState(columns: 80, rows: 24), try ReadModel(world).view())
        try expectFrame(narrow, "entitlements-pro-and-season-en-80x24")
        try world.performInTurn(.refund(.product(Self.pro), reason: nil))
        try world.settle()
        try expectFrame(screen(TUIState(columns: 200, rows: 60), try ReadModel(world).view()), "entitlements-after-revocation-en-200x60")
        let chinese = screen(TUIState(columns: 200, rows: 60, locale: "zh_CN"), try ReadModel(world).view())
        try expectFrame(chinese, "entitlements-after-revocation-zh-Hans-200x60")
        try expectFrame(screen(TUIState(columns: 80, rows: 24, locale: "zh_CN"), try ReadModel(world).view()), "entitlements-after-revocation-zh-Hans-80x24")
    }

    @Test func aNoteTooLongForItsColumnEndsInAnEllipsis() throws {
        var record = WorldViewFixture.transaction(1_000_000_000_000_002, "com.storesim.premium.monthly")
        record = TransactionRow(id: record.id, originalId: 1_000_000_000_000_001, productId: record.productId, state: .purchased,
                                kind: .renewal, charged: true, finished: true, refunded: true, date: record.date, error: nil,
                                hasReceipt: true, isUnfinished: false, autoRenewOff: false)
        record.refundReason = .appIssue
        record.renewsAs = "com.storesim.premium.yearly"
        record.proratedRefund = 1.23
        let model = WorldViewFixture.view(transactions: [record])
        for locale in ["en_US", "zh_CN"] {
            var state = TUIState(columns: 80, rows: 24, locale: locale)
            _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: model)
            let buffer = Screen.render(state, model)
            try expectFrame(buffer.textRows, "transactions-long-note-\(locale == "en_US" ? "en" : "zh-Hans")-80x24")
            #expect(buffer.textRows.allSatisfy { DisplayWidth.of($0) == 80 }, "\(locale): the border stays in its column")
            var wide = TUIState(columns: 200, rows: 60, locale: locale)
            _ = TUIUpdate.update(&wide, .input(.key(.character("t"))), model: model)
            try expectFrame(Screen.render(wide, model).textRows, "transactions-long-note-\(locale == "en_US" ? "en" : "zh-Hans")-200x60")
        }
    }
}
