import Foundation
import IAPCore
import Testing
@testable import PlayEngine

@Suite("Google Play's order ids and purchase tokens")
struct PlayIdentifiersTests {
    @Test func tenThousandOrderIdsAreUniqueWellFormedAndScattered() throws {
        // Google: "Users receive an email with a unique Order ID for each one-time product purchase".
        let identifiers = PlayIdentifiers(secret: PlaySecret(seed: 1))
        let ids = try (0..<10_000).map { try #require(identifiers.orderId(sequence: Int64($0))) }
        #expect(Set(ids).count == 10_000)
        #expect(ids.allSatisfy { PlayOrderID.numbers.contains($0.number) && PlayOrderID($0.description) == $0 })
        #expect(ids != ids.sorted(), "scattered, not counted up")
        let tokens = ids.map(identifiers.token)
        #expect(Set(tokens).count == 10_000)
    }

    @Test func aTokenIsEightyLowercaseLetters() throws {
        let identifiers = PlayIdentifiers(secret: PlaySecret(seed: 1))
        let token = identifiers.token(of: try #require(identifiers.orderId(sequence: 0)))
        #expect(token.utf8.count == PlayIdentifiers.tokenLength)
        #expect(token.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
    }

    @Test func theSameSeedGivesTheSameIdsAndTokensAndAnotherSeedOthers() throws {
        let bought = try Self.threeCoinPacks(in: PlayWorld()), again = try Self.threeCoinPacks(in: PlayWorld())
        #expect(bought.map(\.orderId) == again.map(\.orderId))
        #expect(bought.map(\.purchaseToken) == again.map(\.purchaseToken))
        let other = PlayIdentifiers(secret: PlaySecret(seed: PlayWorld.seed + 1))
        #expect(other.orderId(sequence: 0) != bought.first?.orderId)
    }

    /// Three packs of coins bought and consumed one after the other.
    private static func threeCoinPacks(in world: PlayWorld) throws -> [PlayPurchase] {
        try (0..<3).map { _ in
            let purchase = try world.buy(PlayWorld.coins)
            try world.play.consume(token: purchase.purchaseToken, by: .app, now: PlayWorld.at())
            return purchase
        }
    }

    @Test func aSecretReadsBackFromItsText() throws {
        let secret = PlaySecret(seed: 3)
        #expect(PlaySecret(text: secret.text) == secret)
        #expect(secret.text.utf8.count == 64)
        #expect(PlaySecret(text: "zz") == nil)
    }

    @Test func worldsWithoutASeedDrawDifferentSecrets() {
        #expect(PlaySecret(seed: nil) != PlaySecret(seed: nil))
    }

    @Test func theSequencePastTheLastOrderNumberHasNone() {
        let identifiers = PlayIdentifiers(secret: PlaySecret(seed: 1))
        #expect(identifiers.orderId(sequence: PlayIdentifiers.capacity - 1) != nil)
        #expect(identifiers.orderId(sequence: PlayIdentifiers.capacity) == nil)
    }
}
