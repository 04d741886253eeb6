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
        try expectFrame(screen, "pro-refunded-server-still-grants-en-120x30")
    }

    @Test func narrowTheCatalogSaysItIsTheStoresRefund() throws {
        let screen = try #require(try TUIWorld().session(refunded).first)
        try expectFrame(screen, "pro-refunded-en-80x24")
    }

    @Test func theWordsAreInChineseToo() throws {
        let screen = try #require(try TUIWorld().session(refunded, columns: 120, rows: 30, locale: "zh_CN").first)
        try expectFrame(screen, "pro-refunded-server-still-grants-zh-Hans-120x30")
    }
}
