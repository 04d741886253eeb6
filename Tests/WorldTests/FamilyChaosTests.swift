import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing

/// Chaos draws Family Sharing as a user would do it, so that its runs reach shares and their
/// revocations rather than only the refusals of unknown accounts.
@Suite struct FamilyChaosTests {
    private func declaration(_ usage: String) throws -> CommandDeclaration {
        try #require(ScenarioVocabulary.declarations.first { $0.syntax.usage == usage })
    }

    /// Every draw of `family add` takes an account into a family, and a shareable purchase of the
    /// organizer then reaches the member; a drawn `family leave` of that member revokes it.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aDrawnFamilyAddSharesAndADrawnLeaveRevokes(seed: UInt64) throws {
        let fixture = try WorldFixture()
        var draw = ChaosDraw(catalog: fixture.world.catalog, random: SplitMix64(seed: seed))
        let add = try #require(try declaration("family add NAME").chaos).make(&draw)
        #expect(add.count == 3)
        guard case .familyAdd(let member) = add.last else {
            Issue.record("the draw ends in \(add)")
            return
        }
        for command in add { try fixture.run(command) }
        let organizer = fixture.world.store.account
        #expect(try fixture.world.store.families() == [member: organizer, organizer: organizer])
        try fixture.run(.buy(productId: "com.storesim.pro", answer: .confirm))
        let shared = try fixture.world.store.transactions().filter { $0.kind == .familyShare }
        #expect(shared.map(\.account) == [member])
        try fixture.run(.familyLeave(member))
        #expect(try fixture.world.store.transactions().filter { $0.kind == .familyShare }.map(\.refunded) == [true])
        #expect(try fixture.audit().ok)
    }
}
