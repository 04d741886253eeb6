import Storage

extension StoreDatabase {
    /// The versions of `store.sqlite`. Append a step to add a version.
    static let schema = SQLiteSchema(steps: [
        """
        CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS transactions(
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
        """,
        // Version 2: when the Store refunded a transaction. NULL when it was not refunded, or was
        // refunded by a release that did not record when (a version-1 file).
        """
        ALTER TABLE transactions ADD COLUMN refunded_millis INTEGER;
        """,
        // Version 3: indexes, so that a purchase, a receipt and a launch read an account's
        // holdings and its unfinished transactions, not the whole history.
        """
        CREATE INDEX transactions_by_account_product ON transactions(account, product_id);
        CREATE INDEX transactions_unfinished ON transactions(account) WHERE finished = 0;
        """,
        // Version 4: the transaction as the Store signed it for StoreKit 2 (a JWS); NULL when
        // the Store did not sign it (a StoreKit 1 world, a failed or pending transaction).
        """
        ALTER TABLE transactions ADD COLUMN signed_transaction TEXT;
        """,
        // Version 5: App Store Server Notifications V2 the Store posted: each attempt counted,
        // when the next is due (NULL once acknowledged or given up), and the signed payload.
        """
        CREATE TABLE notifications(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            subtype TEXT,
            transaction_id INTEGER NOT NULL,
            product_id TEXT NOT NULL,
            signed_payload TEXT NOT NULL,
            first_attempt_millis INTEGER NOT NULL,
            attempts INTEGER NOT NULL,
            delivered INTEGER NOT NULL,
            next_attempt_millis INTEGER);
        CREATE INDEX notifications_due ON notifications(next_attempt_millis) WHERE next_attempt_millis IS NOT NULL;
        """,
        // Version 6: partial indexes, so that every clock advance reads the Ask to Buy requests
        // waiting and the subscriptions' transactions, not the whole history; and why the Store
        // refunded a transaction, read with it, moved out of the `refund-reason:ID` settings.
        """
        CREATE INDEX transactions_deferred ON transactions(date_millis) WHERE state = 'deferred';
        CREATE INDEX transactions_paid_by_product ON transactions(product_id, original_id) WHERE charged = 1 AND kind != 'restore';
        ALTER TABLE transactions ADD COLUMN refund_reason INTEGER;
        UPDATE transactions SET refund_reason = (SELECT value FROM settings WHERE key = 'refund-reason:' || transactions.id)
        WHERE id IN (SELECT CAST(substr(key, 15) AS INTEGER) FROM settings WHERE key LIKE 'refund-reason:%');
        DELETE FROM settings WHERE key LIKE 'refund-reason:%';
        """,
        // Version 7: Family Sharing. A family member's shared transaction names the original
        // transaction id of the purchase it shares, indexed so that a refund, a renewal or a
        // member leaving finds the shares it concerns; and the shares by account, so that a
        // receipt or a restore reads an account's shares, not its whole history.
        """
        ALTER TABLE transactions ADD COLUMN shared_from INTEGER;
        CREATE INDEX transactions_shared ON transactions(shared_from) WHERE shared_from IS NOT NULL;
        CREATE INDEX transactions_shares_by_account ON transactions(account) WHERE kind = 'family-share';
        """,
        // Version 8: each receipt handed out in a table of its own, by transaction id. A receipt
        // lists every unfinished purchase before it, so N purchases left pending carry receipts
        // of N² entries in all; kept in the transaction's row, every change to the row (a finish)
        // read the whole receipt back to write the row again.
        """
        CREATE TABLE receipts(transaction_id INTEGER PRIMARY KEY, receipt TEXT NOT NULL);
        INSERT INTO receipts(transaction_id, receipt) SELECT id, receipt FROM transactions WHERE receipt IS NOT NULL;
        ALTER TABLE transactions DROP COLUMN receipt;
        """,
        // Version 9: each receipt names the original transaction id of its transaction, indexed,
        // so that a renewal hands out the receipt last kept for its subscription in one lookup,
        // not a walk back over every renewal kept without one.
        """
        ALTER TABLE receipts ADD COLUMN original_transaction_id INTEGER;
        UPDATE receipts SET original_transaction_id = (SELECT original_id FROM transactions WHERE transactions.id = receipts.transaction_id);
        CREATE INDEX receipts_by_original ON receipts(original_transaction_id, transaction_id);
        """,
        // Version 10: paid transactions by original id, so that a receipt check finds the newest
        // transaction of each subscription its receipt lists in one lookup, not in a walk over
        // every transaction of the account's subscriptions (which made a long advance quadratic).
        """
        CREATE INDEX transactions_paid_by_original ON transactions(original_id) WHERE charged = 1 AND kind != 'restore';
        """,
        // Version 11: a notification about no transaction, Apple's TEST: its transaction and
        // product are NULL. SQLite keeps NOT NULL in a column's definition, so the table is made
        // again with every notification kept, each with its number.
        """
        CREATE TABLE notifications_v11(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            subtype TEXT,
            transaction_id INTEGER,
            product_id TEXT,
            signed_payload TEXT NOT NULL,
            first_attempt_millis INTEGER NOT NULL,
            attempts INTEGER NOT NULL,
            delivered INTEGER NOT NULL,
            next_attempt_millis INTEGER);
        INSERT INTO notifications_v11 SELECT * FROM notifications;
        DROP TABLE notifications;
        ALTER TABLE notifications_v11 RENAME TO notifications;
        CREATE INDEX notifications_due ON notifications(next_attempt_millis) WHERE next_attempt_millis IS NOT NULL;
        """,
        // Version 12: the in-app purchase keys `storesim keys create` made, numbered in the order
        // made: each key's id, its issuer and its public key (a SubjectPublicKeyInfo's DER in
        // base64), for the App Store Server API to check a token's signature. No private key.
        """
        CREATE TABLE api_keys(
            number INTEGER PRIMARY KEY,
            key_id TEXT NOT NULL UNIQUE,
            issuer_id TEXT NOT NULL,
            public_key TEXT NOT NULL);
        """,
        // Version 13: each attempt to post a notification, for Get Notification History's
        // `sendAttempts`: when it was made and Apple's `sendAttemptResult`, NO_RESPONSE until the
        // Server acknowledges it (SUCCESS). A notification kept by an earlier version had only its
        // count of attempts: its attempts are written as Get Test Notification Status read them
        // then, each at the moment it fell due (`NotificationRetry`), the last one SUCCESS when
        // the notification was delivered.
        """
        CREATE TABLE notification_attempts(
            uuid TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            attempt_millis INTEGER NOT NULL,
            result TEXT NOT NULL,
            PRIMARY KEY(uuid, attempt));
        WITH retry(attempt, after_millis) AS (VALUES (1, 0), (2, 3600000), (3, 43200000), (4, 86400000), (5, 172800000), (6, 259200000))
        INSERT INTO notification_attempts(uuid, attempt, attempt_millis, result)
        SELECT notifications.uuid, retry.attempt, notifications.first_attempt_millis + retry.after_millis,
               CASE WHEN notifications.delivered = 1 AND retry.attempt = notifications.attempts THEN 'SUCCESS' ELSE 'NO_RESPONSE' END
        FROM notifications JOIN retry ON retry.attempt <= notifications.attempts;
        """,
    ])
}
