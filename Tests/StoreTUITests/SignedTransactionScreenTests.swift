import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

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
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try world.view())
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: try world.view())
        return state
    }

    @Test func enterDecodesTheSignedTransactionFieldByFieldAsItsJWSSays() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], notifications: false)
        _ = folder
        let view = try world.view()
        let record = try #require(view.transactions.last)
        let jws = try #require(record.signedTransaction)
        let payload = try #require(JWSText.payload(of: jws))
        let state = try decoded(world, columns: 200, rows: 60)
        #expect(state.mode == .decoded(transactionId: record.id))
        let rows = screen(state, view)
        let text = rows.joined(separator: "\n")
        #expect(text.contains("Signed transaction 1000000000000001 (JWS, decoded)"), "\(text)")
        #expect(text.contains("header: alg ES256 · x5c 3 certificates"))
        #expect(text.contains("leaf          StoreSim Simulated App Store Signing"))
        #expect(text.contains("intermediate  StoreSim Simulated Worldwide Developer Relations CA"))
        #expect(text.contains("root          StoreSim Simulated Root CA - G3"))
        #expect(text.contains("✓ verifies against the pinned root: chain and ES256 signature"))
        for (name, value) in payload {
            let shown = "\(value)"
            #expect(rows.contains { $0.contains("  \(name) ") && $0.contains(" \(shown)") }, "\(name) = \(shown) is not shown")
        }
        for name in ["transactionId", "originalTransactionId", "productId", "purchaseDate", "type", "inAppOwnershipType", "environment",
                     "appAccountToken"] {
            #expect(payload[name] != nil, "the payload has \(name)")
        }
        #expect(rows.contains { $0.contains("purchaseDate           1767225600") && $0.contains("(2026-01-01 00:00:00)") }, "\(text)")
    }

    @Test func atEightyByTwentyFourTheFieldsScrollAndArrowsFlipThroughTransactions() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .buy(productId: "com.storesim.coins.100", answer: .confirm)],
                                                                    notifications: false)
        _ = folder
        let view = try world.view()
        var state = try decoded(world, columns: 80, rows: 24)
        let first = screen(state, view)
        #expect(first.contains { $0.contains("Signed transaction 1000000000000002") })
        let more = try #require(first.first { $0.contains("PgDn: ") }, "\(first.joined(separator: "\n"))")
        #expect(!first.contains { $0.contains("signedDate") })
        #expect(first[23].contains("↑↓ select  PgUp/PgDn scroll  Esc"), "the footer stays: \(first[23])")
        _ = more
        for _ in 0..<3 { _ = TUIUpdate.update(&state, .input(.key(.pageDown)), model: view) }
        let scrolled = screen(state, view)
        #expect(scrolled.contains { $0.contains("signedDate") }, "\(scrolled.joined(separator: "\n"))")
        #expect(!scrolled.contains { $0.contains("PgDn: ") })
        #expect(scrolled.allSatisfy { $0.count <= 80 })
        _ = TUIUpdate.update(&state, .input(.key(.up)), model: view)
        #expect(state.mode == .decoded(transactionId: 1_000_000_000_000_001) && state.decodedOffset == 0)
        #expect(screen(state, view).contains { $0.contains("productId              com.storesim.pro") })
        _ = TUIUpdate.update(&state, .input(.key(.escape)), model: view)
        #expect(state.mode == .transactions)
    }

    @Test func aRefundedTransactionShowsItsRevocationAndChineseReadsTheSame() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .refund(.product(Self.pro), reason: .appIssue)],
                                                                    notifications: false)
        _ = folder
        let view = try world.view()
        let rows = screen(try decoded(world, columns: 200, rows: 60), view)
        #expect(rows.contains { $0.contains("revocationDate") && $0.contains("(2026-01-01") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("revocationReason       1") })
        let chinese = screen(try decoded(world, columns: 80, rows: 24, locale: "zh_CN"), view).joined(separator: "\n")
        #expect(chinese.contains("签名交易 1000000000000001（JWS 解码）"), "\(chinese)")
        #expect(chinese.contains("✓ 通过固定根证书的验证：证书链与 ES256 签名"))
        #expect(chinese.contains("叶证书"))
    }

    @Test func aForgedJWSIsShownAsNotVerifying() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], notifications: false)
        _ = folder
        let genuine = try world.view()
        var record = try #require(genuine.transactions.last)
        record.signedTransaction = JWSText.forged(try #require(record.signedTransaction), replacing: Self.pro,
                                                  with: "com.storesim.season")
        var model = WorldViewFixture.view(transactions: [record])
        model.pinnedRoot = genuine.pinnedRoot
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: model)
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: model)
        let text = screen(state, model).joined(separator: "\n")
        #expect(text.contains("✗ does not verify against the pinned root: the signature does not match"), "\(text)")
        #expect(text.contains("│   header and payload"), "why it does not verify wraps, read whole: \(text)")
        #expect(text.contains("com.storesim.season"), "what the forged payload says is shown, not trusted")
        model.pinnedRoot = nil
        #expect(screen(state, model).joined().contains("no pinned root: the Server has nothing to verify it against"))
    }

    @Test func aStoreKit1TransactionHasNoJWSToDecode() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm)], api: .storekit1,
                                                                    notifications: false)
        _ = folder
        let state = try decoded(world, columns: 80, rows: 24)
        #expect(state.mode == .transactions)
        #expect(state.status == "Only a transaction the Store signed for StoreKit 2 has a JWS to decode.")
        #expect(!screen(TUIState(columns: 200, rows: 60), try world.view()).joined().contains("currentEntitlements"))
    }

    @Test func thePartiesPanelShowsTheAppsCurrentEntitlements() throws {
        let (world, folder) = try NotificationLaneScreenTests.world([.buy(productId: Self.pro, answer: .confirm),
                                                                     .buy(productId: "com.storesim.season", answer: .confirm)],
                                                                    notifications: false)
        _ = folder
        let wide = screen(TUIState(columns: 200, rows: 60), try world.view())
        #expect(wide.contains { $0.contains("│  currentEntitlements: StoreSim Pro, Season Pass ") },
                "\(wide.joined(separator: "\n"))")
        let narrow = screen(TUIState(columns: 80, rows: 24), try world.view())
        #expect(narrow.contains { $0.hasSuffix("│  entitled: StoreSim Pro, Seas…") }, "the API's name gives way at 80 columns: \(narrow.joined(separator: "\n"))")
        try world.performInTurn(.refund(.product(Self.pro), reason: nil))
        try world.settle()
        #expect(screen(TUIState(columns: 200, rows: 60), try world.view()).contains { $0.contains("│  currentEntitlements: Season Pass ") },
                "a revocation through Transaction.updates takes it away")
        let chinese = screen(TUIState(columns: 200, rows: 60, locale: "zh_CN"), try world.view())
        #expect(chinese.contains { $0.contains("当前权益（currentEntitlements）：季票") })
        #expect(screen(TUIState(columns: 80, rows: 24, locale: "zh_CN"), try world.view()).contains { $0.contains("│  当前权益：季票 ") })
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
            let row = try #require(buffer.textRows.first { $0.contains("1000000000000002") })
            #expect(row.hasSuffix("… │  "), "\(locale): \(row)")
            #expect(buffer.textRows[4].hasSuffix("│  ") && DisplayWidth.of(row) == 80, "\(locale): the border stays in its column")
            var wide = TUIState(columns: 200, rows: 60, locale: locale)
            _ = TUIUpdate.update(&wide, .input(.key(.character("t"))), model: model)
            let whole = try #require(Screen.render(wide, model).textRows.first { $0.contains("1000000000000002") })
            #expect(!whole.contains("…"), "\(locale): \(whole)")
        }
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: model)
        let row = try #require(Screen.render(state, model).textRows.first { $0.contains("1000000000000002") })
        #expect(row.hasSuffix(" yes renewal, … │  "), "\(row)")
    }
}
