import Foundation
import TestSupport
import Testing
import IAPCore
import Storage
@testable import StoreEngine

@Suite("The Store's database file")
final class StoreDatabaseFileTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private let link = RecordingLink()
    private var path: String { directory + "/store.sqlite" }

    /// The tables as the release before schema versions wrote them, with user_version 0.
    private static let releaseTables = """
        CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE transactions(
            id INTEGER PRIMARY KEY,
            original_id INTEGER NOT NULL,
            product_id TEXT NOT NULL,
            account TEXT NOT NULL,
            state TEXT NOT NULL,
            kind TEXT NOT NULL,
            charged INTEGER NOT NULL,
            finished INTEGER NOT NULL,
            refunded INTEGER NOT NULL DEFAULT 0,
            date_millis INTEGER NOT NULL,
            error TEXT,
            receipt TEXT);
        """

    init() throws {
        folder = try TemporaryFolder()
    }


    private func openStore() throws -> Store {
        try Store(path: path, catalog: BuiltInCatalog.catalog(), seed: 42)
    }

    private func buy(_ store: Store) throws -> TransactionID {
        try store.receive(.addPayment(PaymentRequest(productId: Products.coins, answer: .confirm)), link: link)
        return try #require(try store.transactions().last?.id)
    }

    /// Runs SQL on the file behind the Store's back, as a damaged or foreign file would be.
    private func change(_ sql: String) throws {
        try SQLiteDatabase(path: path).execute(sql)
    }

    private func single(_ sql: String, _ column: SQLiteColumn) throws -> SQLiteValue {
        try #require(try SQLiteDatabase(path: path, readOnly: true).query(sql).first).value(column)
    }

    @Test func aFileOfTheReleaseBeforeVersionsIsStampedAndKeepsItsTransactions() throws {
        try change(Self.releaseTables + """
            INSERT INTO transactions VALUES(1000000000000000001, 1000000000000000001, 'com.storesim.pro', 'demo',
                                            'purchased', 'purchase', 1, 0, 0, 1767225600000, NULL, 'r');
            """)
        let store = try openStore()
        let records = try store.transactions()
        #expect(records.map(\.id) == [1_000_000_000_000_000_001])
        #expect(records.first?.state == .purchased)
        #expect(records.map(\.receipt) == ["r"])
        #expect(try single("PRAGMA user_version", "user_version") == .integer(13))
        #expect(try buy(store) == 1_000_000_000_000_000_002)
    }

    @Test func aVersionOneFileMigratesAndItsRefundsHaveNoRecordedTime() throws {
        try change(Self.releaseTables + """
            INSERT INTO transactions VALUES(1000000000000000001, 1000000000000000001, 'com.storesim.pro', 'demo',
                                            'purchased', 'purchase', 1, 1, 1, 1767225600000, NULL, 'r');
            PRAGMA user_version = 1;
            """)
        let records = try openStore().transactions()
        #expect(records.map(\.refunded) == [true])
        #expect(records.map(\.refundDate) == [nil])
        #expect(try single("PRAGMA user_version", "user_version") == .integer(13))
    }

    @Test func aVersionThreeFilesRefundReasonsMoveIntoTheirTransactionsAndReadTheSame() throws {
        // Version 3 as the last release wrote it: refunded_millis, its indexes, and each reason
        // a refund was given as a `refund-reason:ID` setting.
        try change(Self.releaseTables + """
            ALTER TABLE transactions ADD COLUMN refunded_millis INTEGER;
            CREATE INDEX transactions_by_account_product ON transactions(account, product_id);
            CREATE INDEX transactions_unfinished ON transactions(account) WHERE finished = 0;
            INSERT INTO transactions VALUES(1000000000000000001, 1000000000000000001, 'com.storesim.coins.100', 'demo',
                                            'purchased', 'purchase', 1, 1, 1, 1767225600000, NULL, 'r', 1767229200000);
            INSERT INTO transactions VALUES(1000000000000000002, 1000000000000000002, 'com.storesim.pro', 'demo',
                                            'purchased', 'purchase', 1, 1, 1, 1767225600000, NULL, 'r', 1767229200000);
            INSERT INTO transactions VALUES(1000000000000000003, 1000000000000000003, 'com.storesim.coins.100', 'demo',
                                            'purchased', 'purchase', 1, 1, 0, 1767225600000, NULL, 'r', NULL);
            INSERT INTO settings VALUES('refund-reason:1000000000000000001', '1');
            INSERT INTO settings VALUES('refund-reason:1000000000000000002', '0');
            INSERT INTO settings VALUES('last-transaction-id', '1000000000000000003');
            PRAGMA user_version = 3;
            """)
        let records = try openStore().transactions()
        #expect(records.map(\.refundReason) == [.appIssue, .other, nil])
        #expect(records.map(\.refunded) == [true, true, false])
        #expect(records.map(\.refundDate) == [SimulatedTime.epoch.addingTimeInterval(3600), SimulatedTime.epoch.addingTimeInterval(3600), nil])
        #expect(try single("PRAGMA user_version", "user_version") == .integer(13))
        #expect(try single("SELECT COUNT(*) AS n FROM settings WHERE key LIKE 'refund-reason:%'", "n") == .integer(0),
                "the settings rows moved into the column")
        #expect(try Store.readTransactions(path: path).map(\.refundReason) == [.appIssue, .other, nil])
    }

    @Test func aVersionSevenFilesReceiptsMoveIntoTheirOwnTableAndReadTheSame() throws {
        // The file as version 7 wrote it: each receipt in its transaction's row.
        let version7 = try SQLiteDatabase(path: path)
        for step in StoreDatabase.schema.steps.prefix(7) {
            try version7.execute(step)
        }
        try version7.execute("""
            INSERT INTO transactions(id, original_id, product_id, account, state, kind, charged, finished, refunded,
                                     date_millis, error, receipt)
            VALUES(1000000000000000001, 1000000000000000001, 'com.storesim.coins.100', 'demo', 'purchased', 'purchase',
                   1, 0, 0, 1767225600000, NULL, 'r1'),
                  (1000000000000000002, 1000000000000000002, 'com.storesim.coins.100', 'demo', 'failed', 'purchase',
                   0, 1, 0, 1767225600000, 'cancelled', NULL);
            INSERT INTO settings VALUES('last-transaction-id', '1000000000000000002');
            PRAGMA user_version = 7;
            """)
        #expect(try openStore().transactions().map(\.receipt) == ["r1", nil])
        #expect(try single("PRAGMA user_version", "user_version") == .integer(13))
        #expect(try single("SELECT COUNT(*) AS n FROM pragma_table_info('transactions') WHERE name = 'receipt'", "n") == .integer(0))
        #expect(try single("SELECT group_concat(transaction_id || '=' || receipt) AS kept FROM receipts", "kept")
            == .text("1000000000000000001=r1"))
        #expect(try Store.readTransactions(path: path).map(\.receipt) == ["r1", nil])
    }

    @Test func aVersionEightFilesReceiptsNameTheirSubscriptionAndARenewalHandsOutTheLastOne() throws {
        // The file as version 8 wrote it: receipts by transaction id only.
        let version8 = try SQLiteDatabase(path: path)
        for step in StoreDatabase.schema.steps.prefix(8) {
            try version8.execute(step)
        }
        try version8.execute("""
            INSERT INTO transactions(id, original_id, product_id, account, state, kind, charged, finished, refunded, date_millis)
            VALUES(1000000000000000001, 1000000000000000001, 'com.storesim.premium.monthly', 'demo', 'purchased', 'purchase',
                   1, 1, 0, 1767225600000),
                  (1000000000000000002, 1000000000000000001, 'com.storesim.premium.monthly', 'demo', 'purchased', 'renewal',
                   1, 1, 0, 1769904000000);
            INSERT INTO receipts VALUES(1000000000000000001, 'r1');
            INSERT INTO settings VALUES('last-transaction-id', '1000000000000000002');
            PRAGMA user_version = 8;
            """)
        let store = try openStore()
        #expect(try single("PRAGMA user_version", "user_version") == .integer(13))
        #expect(try single("SELECT group_concat(transaction_id || '=' || original_transaction_id) AS kept FROM receipts", "kept")
            == .text("1000000000000000001=1000000000000000001"))
        link.now = SimulatedTime.date(millis: 1_772_323_200_000)
        try store.renewDueSubscriptions(link: link)
        let sent = link.take().compactMap { if case .transactionUpdated(let transaction) = $0 { transaction } else { nil } }
        #expect(sent.map(\.receipt) == ["r1"], "the renewal comes with the receipt the purchase was handed")
    }

    @Test func aFinishChangesTheTransactionsRowAndKeepsItsReceipt() throws {
        let store = try openStore()
        let id = try buy(store)
        let receipt = try #require(try store.transactions().first?.receipt)
        try store.receive(.finishTransaction(transactionId: id), link: link)
        let records = try openStore().transactions()
        #expect(records.map(\.finished) == [true])
        #expect(records.map(\.receipt) == [receipt])
    }

    @Test func aRefundKeepsItsReasonInItsTransaction() throws {
        let store = try openStore()
        _ = try buy(store)
        try store.refund(productId: Products.coins, reason: .appIssue, at: SimulatedTime.epoch.addingTimeInterval(60))
        #expect(try openStore().transactions().map(\.refundReason) == [.appIssue])
    }

    @Test func aRefundKeepsItsTimeInTheFile() throws {
        let store = try openStore()
        _ = try buy(store)
        let refunded = SimulatedTime.epoch.addingTimeInterval(3600)
        try store.refund(productId: Products.coins, at: refunded)
        #expect(try openStore().transactions().map(\.refundDate) == [refunded])
        #expect(try Store.readTransactions(path: path).map(\.refundDate) == [refunded])
    }

    @Test func transactionIdsAreKeptAsSQLiteIntegers() throws {
        _ = try buy(try openStore())
        #expect(try single("SELECT typeof(id) AS a, typeof(original_id) AS b FROM transactions", "a") == .text("integer"))
        #expect(try single("SELECT typeof(id) AS a, typeof(original_id) AS b FROM transactions", "b") == .text("integer"))
    }

    @Test(arguments: [
        ("state = 'bogus'", SQLiteColumnError.unknownValue(column: "state", value: "bogus")),
        ("kind = 'gift'", .unknownValue(column: "kind", value: "gift")),
        ("charged = 'yes'", .wrongType(column: "charged", expected: "an integer", found: .text("yes"))),
        ("error = 'oops'", .unknownValue(column: "error", value: "oops")),
        ("original_id = 'first'", .wrongType(column: "original_id", expected: "an integer", found: .text("first"))),
    ])
    func anUnreadableTransactionIsAnErrorNamingTheFileTableAndRow(change assignment: String, problem: SQLiteColumnError) throws {
        let id = try buy(try openStore())
        try change("UPDATE transactions SET \(assignment)")
        let expected = StorageError(path: path, reason: .unreadableRow(table: "transactions", row: "id \(id)", column: problem))
        #expect(throws: expected) { try Store.readTransactions(path: self.path) }
        #expect(throws: StoreError.storage(expected)) { try self.openStore().transactions() }
    }

    @Test func aFileOfAnotherSchemaIsRefusedNamingTheTable() throws {
        _ = try openStore()
        try change("ALTER TABLE transactions DROP COLUMN error")
        let expected = StorageError(path: path, reason: .otherSchema(table: "transactions", problem: "column error is missing"))
        #expect(throws: StoreError.storage(expected)) { try self.openStore() }
        #expect(throws: expected) { try Store.readTransactions(path: self.path) }
    }

    @Test(arguments: ["receipt-key", "last-transaction-id"])
    func aDamagedSettingIsAnErrorNamingItNotANewValue(key: String) throws {
        let store = try openStore()
        _ = try buy(store)
        try change("UPDATE settings SET value = '#!' WHERE key = '\(key)'")
        let expected = StorageError(path: path, reason: .unreadableRow(
            table: "settings", row: "key '\(key)'", column: .unknownValue(column: "value", value: "#!")))
        #expect(throws: StoreError.storage(expected)) { _ = try self.buy(try self.openStore()) }
        #expect(try single("SELECT value FROM settings WHERE key = '\(key)'", "value") == .text("#!"))
    }

    /// A file whose last id is the highest an id can be hands out no more: one error naming the
    /// file, not an arithmetic trap, and the setting is left as it was.
    @Test func aFileWhoseLastIdIsTheHighestRefusesTheNextPurchase() throws {
        let store = try openStore()
        _ = try buy(store)
        try change("UPDATE settings SET value = '\(Int64.max)' WHERE key = 'last-transaction-id'")
        let expected = StorageError(path: path, problem:
            "settings: last-transaction-id: \(Int64.max) is the highest id there can be; no new transaction fits")
        #expect(throws: StoreError.storage(expected)) { _ = try self.buy(try self.openStore()) }
        #expect(try single("SELECT value FROM settings WHERE key = 'last-transaction-id'", "value") == .text("\(Int64.max)"))
    }

    @Test func deletingAnIdThatIsNotANumberIsRefusedAsUnknown() throws {
        let store = try openStore()
        _ = try buy(store)
        #expect(throws: StoreError.refused(.noTransaction(12))) { try store.delete(transactionId: 12) }
        #expect(try store.transactions().count == 1)
    }

    // MARK: Switches

    /// Every switch as an earlier release kept it, under its own key and word.
    private static let releaseSwitches = """
        INSERT INTO settings VALUES('ask-to-buy', 'on'), ('fail-purchases', 'network'), ('interrupt', 'on'),
                                   ('product-requests', 'off'), ('withdrawn', 'com.storesim.pro,com.storesim.season'),
                                   ('payments', 'off'), ('verification', 'off');
        """

    @Test func aWorldSavedByAnEarlierReleaseKeepsItsSwitches() throws {
        try change(Self.releaseTables + Self.releaseSwitches)
        let switches = try openStore().switches
        #expect(switches[.askToBuy] == .on)
        #expect(switches[.fail] == .failing(.networkError))
        #expect(switches[.interrupt] == .on)
        #expect(switches[.productRequests] == .off)
        #expect(switches[.payments] == .off)
        #expect(switches.withdrawn == ["com.storesim.pro", "com.storesim.season"])
        #expect(switches.verification == .down)
    }

    @Test func switchesAreKeptUnderTheKeysAndWordsAnEarlierReleaseReads() throws {
        try openStore().setSwitches {
            $0[.askToBuy] = .on
            $0[.fail] = .failing(.paymentNotAllowed)
            $0[.payments] = .off
        }
        let rows = try SQLiteDatabase(path: path, readOnly: true).query("SELECT key, value FROM settings ORDER BY key")
        let settings = try rows.map { row in "\(try row.text("key"))=\(try row.text("value"))" }
        let others = ["receipt-key=", "account=", "shared-secret=", "api-key-secret="]
        #expect(settings.filter { setting in !others.contains { setting.hasPrefix($0) } } == [
            "ask-to-buy=on", "device-verification=on", "environment=production", "fail-purchases=not-allowed", "grace-period=off",
            "interrupt=off", "payments=off", "product-requests=on", "server-api=normal", "subscription-status=on", "sync=on", "time-rate=real",
            "verification=on", "withdrawn=",
        ])
    }

    @Test func aSwitchKeptAsAWordItDoesNotTakeIsNormal() throws {
        try change(Self.releaseTables + """
            INSERT INTO settings VALUES('ask-to-buy', 'yes'), ('fail-purchases', 'sometimes'), ('payments', 'maybe');
            """)
        let switches = try openStore().switches
        #expect(switches == StoreSwitches(), "as the release that wrote them read them: ask-to-buy only when 'on', payments unless 'off'")
    }
}
