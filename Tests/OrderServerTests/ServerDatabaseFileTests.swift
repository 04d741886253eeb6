import Foundation
import TestSupport
import Testing
import IAPCore
@testable import OrderServer
import Storage

@Suite("The Server's database file")
final class ServerDatabaseFileTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private var path: String { directory + "/server.sqlite" }

    /// The tables as the release before schema versions wrote them (transaction ids as text),
    /// with user_version 0.
    private static let releaseTables = """
        CREATE TABLE credits(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id TEXT NOT NULL UNIQUE,
            original_transaction_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            server_product_id TEXT,
            account TEXT NOT NULL,
            date_millis INTEGER NOT NULL,
            grant_text TEXT NOT NULL);
        CREATE TABLE balances(
            currency TEXT PRIMARY KEY,
            amount INTEGER NOT NULL);
        CREATE TABLE entitlements(
            product_id TEXT PRIMARY KEY,
            transaction_id TEXT NOT NULL,
            expires_millis INTEGER);
        CREATE TABLE rejections(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id TEXT NOT NULL,
            status INTEGER NOT NULL,
            date_millis INTEGER NOT NULL);
        """

    init() throws {
        folder = try TemporaryFolder()
    }


    private func releaseFile(creditId: String) throws {
        try SQLiteDatabase(path: path).execute(Self.releaseTables + """
            INSERT INTO credits(transaction_id, original_transaction_id, product_id, server_product_id, account,
                                date_millis, grant_text)
            VALUES('\(creditId)', '\(creditId)', 'com.storesim.pro', NULL, 'demo', 1767225600000, 'owns com.storesim.pro');
            INSERT INTO entitlements VALUES('com.storesim.pro', '\(creditId)', NULL);
            INSERT INTO balances VALUES('coins', 550);
            INSERT INTO rejections(transaction_id, status, date_millis) VALUES('', 21002, 1767225600000);
            INSERT INTO rejections(transaction_id, status, date_millis) VALUES('1000000000000000007', 21003, 1767225600000);
            """)
    }

    private func column(_ sql: String) throws -> [SQLiteValue] {
        try SQLiteDatabase(path: path, readOnly: true).query(sql).map { try $0.value("v") }
    }

    @Test func aFileOfTheReleaseBeforeVersionsMovesToIntegerIdsAndKeepsEverything() throws {
        try releaseFile(creditId: "1000000000000000001")
        let ledger = try OrderServer(path: path, catalog: BuiltInCatalog.catalog()).ledger()
        #expect(ledger.credits.map(\.transactionId) == [1_000_000_000_000_000_001])
        #expect(ledger.credits.map(\.originalTransactionId) == [1_000_000_000_000_000_001])
        #expect(ledger.entitlements.map(\.transactionId) == [1_000_000_000_000_000_001])
        #expect(ledger.entitlements.map(\.account) == ["demo"], "an entitlement kept is the account's its transaction was credited to")
        #expect(ledger.balances == ["coins": 550])
        #expect(ledger.rejections.map(\.transactionId) == [nil, 1_000_000_000_000_000_007])
        #expect(try column("SELECT user_version AS v FROM pragma_user_version") == [.integer(11)])
        #expect(try column("SELECT typeof(transaction_id) AS v FROM credits") == [.text("integer")])
        #expect(try column("SELECT typeof(transaction_id) AS v FROM rejections ORDER BY seq") == [.text("null"), .text("integer")])
        #expect(try OrderServer.readLedger(path: path) == ledger)
        #expect(try OrderServer.readHighestCreditedId(path: path) == 1_000_000_000_000_000_001)
    }

    @Test func aReaderOfAnOlderFileReadsItAtTheNewestVersionAndLeavesItByteForByte() throws {
        try releaseFile(creditId: "1000000000000000001")
        let bytes = FileManager.default.contents(atPath: path)
        let ledger = try OrderServer.readLedger(path: path)
        #expect(ledger.credits.map(\.transactionId) == [1_000_000_000_000_000_001])
        #expect(ledger.rejections.map(\.reason) == [nil, nil], "a column the older file lacks reads as absent")
        #expect(ledger.balances == ["coins": 550])
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try column("SELECT user_version AS v FROM pragma_user_version") == [.integer(0)])
    }

    /// Version 6 numbers credits without AUTOINCREMENT: a version-5 file keeps every credit and
    /// its place, and the next credit takes the next number, as it would have before.
    @Test func aVersionFiveFileKeepsItsCreditsInOrderAndNumbersTheNextOneNext() throws {
        let credit = """
            INSERT INTO credits(transaction_id, original_transaction_id, product_id, server_product_id, account, date_millis, grant_text)
            """
        let database = try SQLiteDatabase(path: path)
        for step in ServerDatabase.schema.steps.prefix(5) {
            try database.execute(step)
        }
        try database.execute("""
            \(credit) VALUES(1000000000000001, 1000000000000001, 'com.storesim.coins.100', NULL, 'demo', 1767225600000, '+100 coins');
            \(credit) VALUES(1000000000000002, 1000000000000002, 'com.storesim.pro', NULL, 'demo', 1767225600000, 'owns com.storesim.pro');
            PRAGMA user_version = 5;
            """)
        let before = try OrderServer.readLedger(path: path)
        #expect(before.credits.map(\.transactionId) == [1_000_000_000_000_001, 1_000_000_000_000_002])
        #expect(try column("SELECT seq AS v FROM sqlite_sequence WHERE name = 'credits'") == [.integer(2)], "numbered by AUTOINCREMENT")

        _ = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        #expect(try column("SELECT user_version AS v FROM pragma_user_version") == [.integer(11)])
        #expect(try OrderServer.readLedger(path: path) == before)
        #expect(try column("SELECT seq AS v FROM credits ORDER BY seq") == [.integer(1), .integer(2)])
        #expect(try column("SELECT instr(sql, 'AUTOINCREMENT') AS v FROM sqlite_master WHERE name = 'credits'") == [.integer(0)])
        #expect(try column("SELECT seq AS v FROM sqlite_sequence WHERE name = 'credits'").isEmpty)
        try SQLiteDatabase(path: path).execute(
            "\(credit) VALUES(1000000000000003, 1000000000000003, 'com.storesim.coins.100', NULL, 'demo', 1767225600000, '+100 coins')")
        #expect(try column("SELECT seq AS v FROM credits WHERE transaction_id = 1000000000000003") == [.integer(3)])
    }

    /// Version 9 keeps a processed TEST notification, about no transaction: a version-8 file
    /// keeps every notification it processed, and takes one without a transaction after.
    @Test func aVersionEightFileKeepsItsProcessedNotificationsAndTakesOneAboutNoTransaction() throws {
        let database = try SQLiteDatabase(path: path)
        for step in ServerDatabase.schema.steps.prefix(8) {
            try database.execute(step)
        }
        try database.execute("""
            INSERT INTO notifications VALUES('5d9a', 'ONE_TIME_CHARGE', 1000000000000001, 1767225600000);
            PRAGMA user_version = 8;
            """)
        _ = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        #expect(try column("SELECT user_version AS v FROM pragma_user_version") == [.integer(11)])
        #expect(try OrderServer.readLedger(path: path).notifications == ["5d9a"])
        try SQLiteDatabase(path: path).execute("INSERT INTO notifications VALUES('6e0b', 'TEST', NULL, 1767225600000)")
        #expect(try OrderServer.readLedger(path: path).notifications == ["5d9a", "6e0b"])
        #expect(try column("SELECT transaction_id AS v FROM notifications ORDER BY uuid") == [.integer(1_000_000_000_000_001), .null])
    }

    @Test func aServerThatCreditedNothingHasNoHighestId() throws {
        _ = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        #expect(try OrderServer.readHighestCreditedId(path: path) == nil)
    }

    @Test func aCreditWhoseIdIsNotANumberIsAnErrorNamingTheRowNotZero() throws {
        try releaseFile(creditId: "abc")
        let server = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        let expected = StorageError(path: path, reason: .unreadableRow(
            table: "credits", row: "seq 1", column: .wrongType(column: "transaction_id", expected: "an integer", found: .text("abc"))))
        #expect(throws: ServerError(expected)) { try server.ledger() }
        #expect(throws: expected) { try OrderServer.readLedger(path: self.path) }
    }

    @Test func aServerFileFromANewerStoreSimIsRefusedNamingBothVersions() throws {
        _ = try OrderServer(path: path, catalog: BuiltInCatalog.catalog())
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = 12")
        let expected = StorageError(path: path, reason: .newerVersion(found: 12, newest: 11))
        #expect(throws: ServerError(expected)) { try OrderServer(path: self.path, catalog: BuiltInCatalog.catalog()) }
        #expect(expected.description == "\(path): schema version 12 is newer than this storesim knows (newest 11); left untouched")
    }
}
