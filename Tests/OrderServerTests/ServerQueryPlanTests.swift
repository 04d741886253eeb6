import Foundation
import IAPCore
import OrderServer
import Storage
import TestSupport
import Testing

/// What the Server reads of one subscription's credits, at every "already credited" answer and at
/// every notification that moves an entitlement's end, it reads through an index, however many
/// credits it holds: SQLite's own plan says so.
@Suite struct ServerQueryPlanTests {
    @Test(arguments: [
        "UPDATE credits SET account = ? WHERE original_transaction_id = ? AND account = ''",
        "SELECT transaction_id FROM credits WHERE original_transaction_id = ?",
    ])
    func oneSubscriptionsCreditsAreFoundByItsOriginalTransaction(_ sql: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("server.sqlite")
        _ = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        let values: [SQLiteValue] = sql.hasPrefix("UPDATE") ? [.text("demo"), .integer(1)] : [.integer(1)]
        let steps = try SQLiteDatabase(path: path, readOnly: true).query("EXPLAIN QUERY PLAN " + sql, values).map { try $0.text("detail") }
        #expect(steps.contains { $0.contains("USING INDEX credits_by_original") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
    }
}
