import Storage

extension PlayDatabase {
    /// The versions of `play.sqlite`. Append a step to add a version.
    static let schema = SQLiteSchema(steps: [
        // Version 1: the settings (the world's secret, the world id) and every one-time purchase
        // Play issued, keyed by its order number. Indexed: an account's purchases of a product
        // (buying, querying), the purchases whose three days run (the clock's due moments), and
        // the voided ones by when (the Voided Purchases API).
        """
        CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS purchases(
            order_number INTEGER PRIMARY KEY,
            sequence INTEGER NOT NULL UNIQUE,
            token TEXT NOT NULL UNIQUE,
            product_id TEXT NOT NULL,
            account TEXT NOT NULL,
            obfuscated_account_id TEXT,
            state TEXT NOT NULL,
            created_millis INTEGER NOT NULL,
            purchased_millis INTEGER,
            acknowledged_millis INTEGER,
            acknowledged_by TEXT,
            consumed_millis INTEGER,
            consumed_by TEXT,
            voided_millis INTEGER,
            voided_source INTEGER,
            voided_reason INTEGER);
        CREATE INDEX IF NOT EXISTS purchases_by_account_product ON purchases(account, product_id);
        CREATE INDEX IF NOT EXISTS purchases_due ON purchases(purchased_millis)
            WHERE state = 'purchased' AND acknowledged_millis IS NULL AND voided_millis IS NULL;
        CREATE INDEX IF NOT EXISTS purchases_voided ON purchases(voided_millis) WHERE voided_millis IS NOT NULL;
        """,
        // Version 2: the slow test card a purchase was paid with ('approves' or 'declines'), and
        // when it resolves itself; indexed, the pending ones by that moment (the clock's due moments).
        """
        ALTER TABLE purchases ADD COLUMN slow_card TEXT;
        ALTER TABLE purchases ADD COLUMN slow_card_due_millis INTEGER;
        CREATE INDEX IF NOT EXISTS purchases_slow_card_due ON purchases(slow_card_due_millis)
            WHERE state = 'pending' AND slow_card_due_millis IS NOT NULL;
        """,
        // Version 3: the Real-time developer notifications Play published, one row a Pub/Sub
        // message: what it tells (`kind`: purchased, canceled, voided) of which purchase, how
        // often it was pushed, when it is pushed next (NULL once acknowledged or given up), and
        // whether its duplicate was pushed. Indexed by the next push, the clock's due moments.
        """
        CREATE TABLE IF NOT EXISTS rtdn(
            message_id INTEGER PRIMARY KEY,
            order_number INTEGER NOT NULL,
            kind TEXT NOT NULL,
            event_millis INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_millis INTEGER,
            acknowledged_millis INTEGER,
            duplicated INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX IF NOT EXISTS rtdn_due ON rtdn(next_attempt_millis) WHERE next_attempt_millis IS NOT NULL;
        """,
        // Version 4: subscriptions. Whether a purchase is a one-time product ('inapp', every
        // purchase made before) or a subscription's base plan ('subs'); a subscription's current
        // period's end (`expiryTime`, NULL until PURCHASED) and whether it renews automatically.
        """
        ALTER TABLE purchases ADD COLUMN product_type TEXT NOT NULL DEFAULT 'inapp';
        ALTER TABLE purchases ADD COLUMN expiry_millis INTEGER;
        ALTER TABLE purchases ADD COLUMN auto_renewing INTEGER NOT NULL DEFAULT 0;
        """,
        // Version 5: how many times a subscription renewed (its renewal orders `..0` onwards);
        // indexed, the auto-renewing subscriptions by the end of their period (the clock's due
        // moments). A notification of a renewal keeps the renewal's order in `rtdn.order_number`:
        // the base order's number plus (index + 1) × 10^17.
        """
        ALTER TABLE purchases ADD COLUMN renewals INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX IF NOT EXISTS purchases_renewal_due ON purchases(expiry_millis)
            WHERE state = 'purchased' AND auto_renewing = 1 AND voided_millis IS NULL AND expiry_millis IS NOT NULL;
        """,
        // Version 6: the ends of subscriptions. When a subscription that no longer renews
        // expired and Play said so (SUBSCRIPTION_EXPIRED), and which order a refund voided (NULL
        // the base order, N the renewal `..N`). Indexed, the subscriptions that will expire by the
        // end of their period (the clock's due moments).
        """
        ALTER TABLE purchases ADD COLUMN ended_millis INTEGER;
        ALTER TABLE purchases ADD COLUMN voided_renewal INTEGER;
        CREATE INDEX IF NOT EXISTS purchases_expiry_due ON purchases(expiry_millis)
            WHERE state = 'purchased' AND auto_renewing = 0 AND voided_millis IS NULL AND ended_millis IS NULL
                  AND expiry_millis IS NOT NULL;
        """,
        // Version 7: failed renewals. Whether the subscriber's payment method fails
        // (`subscription PRODUCT billing fail`), the stage of Play's recovery a subscription whose
        // renewal could not be charged is in ('grace', 'hold', NULL otherwise), when that renewal
        // fell due and when the stage ends. A subscription in recovery no longer renews at its
        // `expiry_millis` (the renewal index leaves it out); indexed, the subscriptions in recovery
        // by the end of their stage (the clock's due moments).
        """
        ALTER TABLE purchases ADD COLUMN billing_fails INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE purchases ADD COLUMN billing_issue TEXT;
        ALTER TABLE purchases ADD COLUMN renewal_failed_millis INTEGER;
        ALTER TABLE purchases ADD COLUMN issue_ends_millis INTEGER;
        DROP INDEX IF EXISTS purchases_renewal_due;
        CREATE INDEX IF NOT EXISTS purchases_renewal_due ON purchases(expiry_millis)
            WHERE state = 'purchased' AND auto_renewing = 1 AND voided_millis IS NULL AND expiry_millis IS NOT NULL
                  AND billing_issue IS NULL;
        CREATE INDEX IF NOT EXISTS purchases_recovery_due ON purchases(issue_ends_millis)
            WHERE billing_issue IS NOT NULL AND auto_renewing = 1 AND voided_millis IS NULL AND ended_millis IS NULL
                  AND issue_ends_millis IS NOT NULL;
        """,
        // Version 8: the offer a subscription was bought with (`offerDetails.offerId`), NULL for
        // the base plan's own price and every one-time product.
        """
        ALTER TABLE purchases ADD COLUMN offer_id TEXT;
        """,
    ])
}
