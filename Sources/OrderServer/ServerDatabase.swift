import Foundation
import IAPCore
import Storage

/// The Server's tables in `server.sqlite`: credits (UNIQUE on the transaction id), balances,
/// entitlements and rejections. Transaction ids are SQLite integers here, as `TransactionID` is
/// everywhere above; a rejected request that named no transaction (a receipt check) has NULL.
struct ServerDatabase: SettingsTable {
    let database: SQLiteDatabase

    /// The versions of `server.sqlite`. Append a step to add a version.
    static let schema = SQLiteSchema(steps: [
        """
        CREATE TABLE IF NOT EXISTS credits(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id TEXT NOT NULL UNIQUE,
            original_transaction_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            server_product_id TEXT,
            account TEXT NOT NULL,
            date_millis INTEGER NOT NULL,
            grant_text TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS balances(
            currency TEXT PRIMARY KEY,
            amount INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS entitlements(
            product_id TEXT PRIMARY KEY,
            transaction_id TEXT NOT NULL,
            expires_millis INTEGER);
        CREATE TABLE IF NOT EXISTS rejections(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id TEXT NOT NULL,
            status INTEGER NOT NULL,
            date_millis INTEGER NOT NULL);
        """,
        // Version 2: transaction ids are integers. Ids that are not numbers stay text and are
        // reported when read; a rejection of a request that named no transaction has NULL.
        """
        CREATE TABLE credits_v2(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id INTEGER NOT NULL UNIQUE,
            original_transaction_id INTEGER NOT NULL,
            product_id TEXT NOT NULL,
            server_product_id TEXT,
            account TEXT NOT NULL,
            date_millis INTEGER NOT NULL,
            grant_text TEXT NOT NULL);
        INSERT INTO credits_v2 SELECT * FROM credits;
        DROP TABLE credits;
        ALTER TABLE credits_v2 RENAME TO credits;
        CREATE TABLE entitlements_v2(
            product_id TEXT PRIMARY KEY,
            transaction_id INTEGER NOT NULL,
            expires_millis INTEGER);
        INSERT INTO entitlements_v2 SELECT * FROM entitlements;
        DROP TABLE entitlements;
        ALTER TABLE entitlements_v2 RENAME TO entitlements;
        CREATE TABLE rejections_v2(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id INTEGER,
            status INTEGER NOT NULL,
            date_millis INTEGER NOT NULL);
        INSERT INTO rejections_v2 SELECT seq, NULLIF(transaction_id, ''), status, date_millis FROM rejections;
        DROP TABLE rejections;
        ALTER TABLE rejections_v2 RENAME TO rejections;
        """,
        // Version 3: the Server's configuration (shared secret, how it asks verifyReceipt), and
        // the reason of a refusal of its own, beside status 0 (verifyReceipt found the receipt valid).
        """
        CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        ALTER TABLE rejections ADD COLUMN reason TEXT;
        """,
        // Version 4: the App Store Server Notifications V2 the Server processed, by their
        // notificationUUID, so that a retry or the history is processed once.
        """
        CREATE TABLE notifications(
            uuid TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            transaction_id INTEGER NOT NULL,
            date_millis INTEGER NOT NULL);
        """,
        // Version 5: what family members hold through Family Sharing, by account: each from the
        // member's own shared transaction, kept apart from the purchasers' entitlements.
        """
        CREATE TABLE family_entitlements(
            account TEXT NOT NULL,
            product_id TEXT NOT NULL,
            transaction_id INTEGER NOT NULL,
            expires_millis INTEGER,
            PRIMARY KEY(account, product_id));
        """,
        // Version 6: a credit's row id is its place in order without AUTOINCREMENT, which made
        // every insert read and write `sqlite_sequence` (a recovery inserts a thousand). Credits
        // are never deleted, so the next row id is the next number either way.
        """
        CREATE TABLE credits_v6(
            seq INTEGER PRIMARY KEY,
            transaction_id INTEGER NOT NULL UNIQUE,
            original_transaction_id INTEGER NOT NULL,
            product_id TEXT NOT NULL,
            server_product_id TEXT,
            account TEXT NOT NULL,
            date_millis INTEGER NOT NULL,
            grant_text TEXT NOT NULL);
        INSERT INTO credits_v6 SELECT * FROM credits;
        DROP TABLE credits;
        ALTER TABLE credits_v6 RENAME TO credits;
        DELETE FROM sqlite_sequence WHERE name = 'credits';
        """,
        // Version 7: entitlements by account, as family entitlements are: what one App Store
        // account bought is never another's. A kept row takes the account its transaction was
        // credited to. Credits by original transaction, for the credits of one subscription (a
        // claim, a notification that moves its entitlement's end) without reading every credit.
        """
        CREATE TABLE entitlements_v7(
            account TEXT NOT NULL,
            product_id TEXT NOT NULL,
            transaction_id INTEGER NOT NULL,
            expires_millis INTEGER,
            PRIMARY KEY(account, product_id));
        INSERT INTO entitlements_v7
            SELECT COALESCE((SELECT account FROM credits WHERE credits.transaction_id = entitlements.transaction_id), ''),
                   product_id, transaction_id, expires_millis
            FROM entitlements;
        DROP TABLE entitlements;
        ALTER TABLE entitlements_v7 RENAME TO entitlements;
        CREATE INDEX credits_by_original ON credits(original_transaction_id);
        """,
        // Version 8: what a credit granted as a value (its JSON), beside its English words, so
        // that a face words it in its own language. Older credits have NULL and keep their words.
        """
        ALTER TABLE credits ADD COLUMN grant TEXT;
        """,
        // Version 9: a processed notification about no transaction, Apple's TEST, keeps NULL for
        // its transaction; the table is made again, as SQLite keeps NOT NULL in a column's definition.
        """
        CREATE TABLE notifications_v9(
            uuid TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            transaction_id INTEGER,
            date_millis INTEGER NOT NULL);
        INSERT INTO notifications_v9 SELECT uuid, type, transaction_id, date_millis FROM notifications;
        DROP TABLE notifications;
        ALTER TABLE notifications_v9 RENAME TO notifications;
        """,
        // Version 10: what a refund took back, kept until a reversal of the refund gives it back:
        // the entitlement it ended (with its end), whether it took a consumable's grant back, and
        // when a refund of the transaction was last reversed (a REFUND told later is older).
        """
        CREATE TABLE revocations(
            transaction_id INTEGER PRIMARY KEY,
            product_id TEXT NOT NULL,
            account TEXT,
            expires_millis INTEGER,
            held INTEGER NOT NULL DEFAULT 0,
            took_back INTEGER NOT NULL DEFAULT 0,
            reversed_millis INTEGER);
        """,
        // Version 11: the verifyReceipt answers the Server received, the latest about each
        // transaction (`ServerDatabase+Responses`).
        """
        CREATE TABLE receipt_responses(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
        CREATE TABLE transaction_responses(
            transaction_id INTEGER PRIMARY KEY,
            response_id INTEGER NOT NULL REFERENCES receipt_responses(id));
        CREATE INDEX transaction_responses_by_response ON transaction_responses(response_id);
        """,
    ])

    init(path: String, readOnly: Bool) throws(StorageError) {
        database = try SQLiteDatabase(path: path, readOnly: readOnly, schema: Self.schema)
    }

    /// A transaction id as the tables keep it; NULL for none.
    static func idValue(_ id: TransactionID?) -> SQLiteValue {
        id.map { .integer($0.value) } ?? .null
    }

    /// A transaction id read from the tables.
    private static func id(_ row: SQLiteStatementRow, _ column: SQLiteColumn) throws(SQLiteColumnError) -> TransactionID {
        TransactionID(try row.integer(column))
    }

    /// Records a refused request: the status verifyReceipt answered, and the Server's own reason
    /// when the receipt was valid.
    func reject(_ transactionId: TransactionID?, status: Int, reason: String?, at date: Date) throws(StorageError) {
        try database.query("INSERT INTO rejections(transaction_id, status, date_millis, reason) VALUES(?, ?, ?, ?)",
                           [Self.idValue(transactionId), .integer(Int64(status)), .integer(SimulatedTime.millis(date)), .optional(reason)])
    }

    /// Everything the Server holds, read as one moment.
    func ledger() throws(StorageError) -> Ledger {
        try database.reading { () throws(StorageError) in try readLedger().ledger }
    }

    /// The highest transaction id the Server has credited, nil when it has credited none.
    func highestCreditedId() throws(StorageError) -> TransactionID? {
        try database.rows("SELECT MAX(transaction_id) AS highest FROM credits", table: "credits", key: "highest") {
            (row) throws(SQLiteColumnError) in try row.optionalInteger("highest").map { TransactionID($0) }
        }.first ?? nil
    }

    /// How many credits the Server has made (credits are only ever added).
    func creditCount() throws(StorageError) -> Int {
        try database.rows("SELECT COUNT(*) AS credits FROM credits", table: "credits", key: "credits") {
            (row) throws(SQLiteColumnError) in Int(try row.integer("credits"))
        }.reduce(0, +)
    }

    /// How many credits the Server made for `productId`.
    func creditCount(productId: String) throws(StorageError) -> Int {
        try database.rows("SELECT COUNT(*) AS credits FROM credits WHERE product_id = ?", [.text(productId)],
                          table: "credits", key: "credits") { (row) throws(SQLiteColumnError) in Int(try row.integer("credits")) }
            .reduce(0, +)
    }

    /// The Server's balance of `currency`, 0 when it never credited any.
    func balance(of currency: String) throws(StorageError) -> Int {
        try database.rows("SELECT amount FROM balances WHERE currency = ?", [.text(currency)], table: "balances", key: "amount") {
            (row) throws(SQLiteColumnError) in Int(try row.integer("amount"))
        }.first ?? 0
    }

    /// What each account holds, and what family members hold through Family Sharing: the ledger's
    /// entitlements alone, one row an account's product, with none of its credits or rejections.
    func entitlements() throws(StorageError) -> Ledger {
        try database.reading { () throws(StorageError) in
            let (entitlements, shared) = try readEntitlements()
            return Ledger(credits: [], balances: [:], entitlements: entitlements, rejections: [], familyEntitlements: shared)
        }
    }

    func readEntitlements() throws(StorageError) -> ([Ledger.Entitlement], [Ledger.FamilyEntitlement]) {
        let entitlements = try database.rows(
            "SELECT account, product_id, transaction_id, expires_millis FROM entitlements ORDER BY account, product_id",
            table: "entitlements", key: "product_id"
        ) { (row) throws(SQLiteColumnError) in
            Ledger.Entitlement(account: try row.text("account"), productId: try row.text("product_id"),
                               transactionId: try Self.id(row, "transaction_id"),
                               expires: try row.optionalInteger("expires_millis").map(SimulatedTime.date(millis:)))
        }
        let shared = try database.rows(
            "SELECT account, product_id, transaction_id, expires_millis FROM family_entitlements ORDER BY account, product_id",
            table: "family_entitlements", key: "product_id"
        ) { (row) throws(SQLiteColumnError) in
            Ledger.FamilyEntitlement(account: try row.text("account"), productId: try row.text("product_id"),
                                     transactionId: try Self.id(row, "transaction_id"),
                                     expires: try row.optionalInteger("expires_millis").map(SimulatedTime.date(millis:)))
        }
        return (entitlements, shared)
    }

    /// Everything the Server holds, with the number of its newest credit (nil when none).
    func readLedger() throws(StorageError) -> (ledger: Ledger, lastSeq: Int64?) {
        let credits = try credits(after: nil)
        let balances = try balances()
        let (entitlements, shared) = try readEntitlements()
        let ledger = Ledger(credits: ChunkedArray(credits.map(\.credit)), balances: balances, entitlements: entitlements,
                            rejections: try rejections(), notifications: try processedNotifications(), familyEntitlements: shared,
                            takenBack: try takenBack())
        return (ledger, credits.last?.seq)
    }

    /// The purchases a standing refund or voiding made the Server take back.
    func takenBack() throws(StorageError) -> Set<TransactionID> {
        Set(try database.rows("SELECT transaction_id FROM revocations WHERE held = 1 OR took_back = 1", table: "revocations",
                              key: "transaction_id") { (row) throws(SQLiteColumnError) in try Self.id(row, "transaction_id") })
    }

    /// The credits after the one numbered `seq` (all of them when nil), oldest first, each with its number.
    func credits(after seq: Int64?) throws(StorageError) -> [(seq: Int64, credit: Ledger.Credit)] {
        try database.rows("""
            SELECT seq, transaction_id, original_transaction_id, product_id, account, date_millis, grant_text, grant
            FROM credits WHERE seq > ? ORDER BY seq
            """, [.integer(seq ?? Int64.min)], table: "credits", key: "seq") { (row) throws(SQLiteColumnError) in
            (try row.integer("seq"),
             Ledger.Credit(transactionId: try Self.id(row, "transaction_id"),
                           originalTransactionId: try Self.id(row, "original_transaction_id"),
                           productId: try row.text("product_id"), account: try row.text("account"),
                           date: SimulatedTime.date(millis: try row.integer("date_millis")),
                           grantWords: try row.text("grant_text"), grantJSON: try row.optionalText("grant")))
        }
    }

    func balances() throws(StorageError) -> [String: Int] {
        let balances = try database.rows("SELECT currency, amount FROM balances", table: "balances", key: "currency") {
            (row) throws(SQLiteColumnError) in (try row.text("currency"), Int(try row.integer("amount")))
        }
        return Dictionary(balances) { first, _ in first }
    }

    func rejections() throws(StorageError) -> [Ledger.Rejection] {
        try database.rows(
            "SELECT seq, transaction_id, status, date_millis, reason FROM rejections ORDER BY seq", table: "rejections", key: "seq"
        ) { (row) throws(SQLiteColumnError) in
            Ledger.Rejection(transactionId: try row.optionalInteger("transaction_id").map { TransactionID($0) }, status: Int(try row.integer("status")),
                             reason: try row.optionalText("reason"), date: SimulatedTime.date(millis: try row.integer("date_millis")))
        }
    }

    func processedNotifications() throws(StorageError) -> Set<String> {
        Set(try database.rows("SELECT uuid FROM notifications", table: "notifications", key: "uuid") {
            (row) throws(SQLiteColumnError) in try row.text("uuid")
        })
    }
}
