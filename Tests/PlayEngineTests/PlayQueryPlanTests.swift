import Foundation
import IAPCore
import Storage
import Testing
@testable import PlayEngine

/// What Play reads at every stop of the clock and at every purchase, it reads through an index,
/// however long the history: SQLite's own plan for each such query says so.
@Suite("Google Play's queries")
struct PlayQueryPlanTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
        try world.buy(PlayWorld.pro)
    }

    /// SQLite's plan for `sql`, one detail a step ("SEARCH purchases USING INDEX …").
    private func plan(_ sql: String, _ values: [SQLiteValue]) throws -> [String] {
        try SQLiteDatabase(path: world.path, readOnly: true).query("EXPLAIN QUERY PLAN " + sql, values).map { try $0.text("detail") }
    }

    @Test func thePurchasesWhoseThreeDaysEndedAreFoundThroughTheirIndex() throws {
        let steps = try plan(PlayDue.threeDays.dueQuery, [.integer(1)])
        #expect(steps.contains { $0.hasPrefix("SEARCH purchases USING INDEX purchases_due") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
    }

    @Test func theNextDeadlineIsFoundThroughTheSameIndex() throws {
        let steps = try plan(PlayDue.threeDays.earliestQuery, [.integer(1)])
        #expect(steps.contains { $0.hasPrefix("SEARCH purchases USING") && $0.contains("INDEX purchases_due") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
    }

    @Test func whatAnAccountHoldsIsFoundThroughItsIndex() throws {
        for (query, values) in [(PlayDatabase.heldQuery, [SQLiteValue.text("demo")]),
                                (PlayDatabase.heldOfProductQuery, [.text("demo"), .text(PlayWorld.pro)])] {
            let steps = try plan(query, values)
            #expect(steps.contains { $0.hasPrefix("SEARCH purchases USING INDEX purchases_by_account_product") }, "\(steps)")
            #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
        }
    }

    @Test func theVoidedListIsFoundThroughItsIndex() throws {
        let steps = try plan(PlayDatabase.voidedQuery, [.integer(1), .integer(2)])
        #expect(steps.contains { $0.hasPrefix("SEARCH purchases USING INDEX purchases_voided") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
    }

    @Test(arguments: [(PlayDue.slowCard, "purchases_slow_card_due"), (PlayDue.renewal, "purchases_renewal_due"),
                      (PlayDue.expiry, "purchases_expiry_due"), (PlayDue.recovery, "purchases_recovery_due")])
    func everyKindOfDueMomentIsFoundThroughItsIndex(_ kind: PlayDue, index: String) throws {
        for query in [kind.dueQuery, kind.earliestQuery] {
            let steps = try plan(query, [.integer(1)])
            #expect(steps.contains { $0.hasPrefix("SEARCH purchases USING") && $0.contains("INDEX \(index)") }, "\(steps)")
            #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
        }
    }
}
