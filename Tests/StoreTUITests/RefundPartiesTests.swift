import Testing
@testable import StoreTUI

/// After a refund the Store knows and the Server, not told yet, still grants the product: the
/// catalog says which party knows what.
@Suite struct RefundPartiesTests {
    /// StoreSim Pro bought, then refunded from the transaction manager.
    private let refunded: [ScriptedTerminal.Step] = .settle + [.key(.down), .key(.down), .key(.enter), .key(.enter)] + .settle
        + [.key(.character("t")), .key(.character("f"))] + .settle + [.key(.escape), .capture]

    @Test func wideTheCatalogSaysTheStoreRefundedAndTheServerStillGrants() throws {
        let screen = try #require(try TUIWorld().session(refunded, columns: 120, rows: 30).first)
        let row = try #require(screen.first { $0.contains("StoreSim Pro") && $0.contains("$9.99") })
        #expect(row.contains("Store refunded; Server grants"), "\(screen.joined(separator: "\n"))")
    }

    @Test func narrowTheCatalogSaysItIsTheStoresRefund() throws {
        let screen = try #require(try TUIWorld().session(refunded).first)
        let row = try #require(screen.first { $0.contains("$9.99") })
        #expect(row.contains("Store refunded"), "\(screen.joined(separator: "\n"))")
    }

    @Test func theWordsAreInChineseToo() throws {
        let screen = try #require(try TUIWorld().session(refunded, columns: 120, rows: 30, locale: "zh_CN").first)
        #expect(screen.contains { $0.contains("商店已退款；服务器仍授予") }, "\(screen.joined(separator: "\n"))")
    }
}
