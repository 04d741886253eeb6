import IAPCore
import PlayEngine
import TestSupport
import Testing

/// Ten thousand purchases through Play itself, each its own committed transaction: long, so
/// left out of `swift test --skip Slow`.
@Suite("Slow: ten thousand Google Play purchases", .tags(.slow))
struct SlowPlayOrderIdsTests {
    @Test func tenThousandPurchasesHaveUniqueWellFormedOrderIdsAndTokens() throws {
        // Google: "Users receive an email with a unique Order ID for each one-time product
        // purchase"; a purchase token is "a unique identifier".
        let world = try PlayWorld()
        let purchases = try (0..<10_000).map { try world.buy("com.storesim.item.\($0)") }
        #expect(Set(purchases.map(\.orderId)).count == 10_000)
        #expect(Set(purchases.map(\.purchaseToken)).count == 10_000)
        #expect(purchases.allSatisfy { PlayOrderID($0.orderId.description) == $0.orderId })
        #expect(try world.play.records().map(\.sequence) == Array(0..<10_000))
    }
}
