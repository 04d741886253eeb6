#!/usr/bin/env python3
"""A deliberately naive backend: DO NOT COPY. It exists so that StoreSim's audit has
something to catch.

It is backend.py (same command line, same verification with Apple's library, same endpoints),
with two mistakes teams really make:

1. No idempotency. Its credits table has no UNIQUE constraint on the transaction id and it
   never asks whether a transaction was credited before: a repeated POST /storesim/verify (the
   app retrying after a lost answer, a relaunch) or a notification the App Store posts again (its
   200 was lost, a retry crossed it, Get Notification History lists it) inserts another credit
   row. Every verify answers "credited", never "already-credited".
   The audit calls this DOUBLE-CREDITED: one payment, two credits.

2. It answers before its write is committed. The credit is written half a second after the
   answer goes out (a background write, a queue, a cache flushed "soon"). The app hears
   "credited" and finishes the transaction; the App Store hears 200 and stops retrying. If the
   server dies in that half second, nobody has the credit and nobody will ask again.
   The audit calls this LOST: paid, finished, never credited.

Run it exactly as backend.py; README.md shows how.
"""

import threading

import backend
from backend import Backend, log, now_millis

WRITE_DELAY_SECONDS = 0.5


class NaiveBackend(Backend):
    # Mistake 1: no UNIQUE on transaction_id (a table of its own name, so that a reference
    # backend's database is never opened by mistake with the wrong schema).
    CREDITS_TABLE = """
        CREATE TABLE IF NOT EXISTS naive_credits (
            id              INTEGER PRIMARY KEY,
            transaction_id  TEXT NOT NULL,
            product_id      TEXT NOT NULL,
            quantity        INTEGER NOT NULL,
            source          TEXT NOT NULL,
            credited_at     INTEGER NOT NULL,
            revoked_at      INTEGER
        )"""

    def record_credit(self, tx, source, notification=None):
        # Mistake 2: say "done" now, write later.
        row = (tx.transactionId, tx.productId, tx.quantity or 1, source, now_millis())

        def write_later():
            try:
                with self.transaction():
                    # Mistake 1: insert, whatever was there before.
                    self.db.execute("INSERT INTO naive_credits (transaction_id, product_id, quantity,"
                                    " source, credited_at) VALUES (?, ?, ?, ?, ?)", row)
                    if notification is not None:
                        self._record_notification(notification)
            except Exception as e:       # the credit is simply gone
                log(f"naive: the write of tx {tx.transactionId} failed: {e}")

        threading.Timer(WRITE_DELAY_SECONDS, write_later).start()
        return True                      # "credited", every time

    def mark_revoked(self, tx, revoked, notification):
        with self.transaction():
            self.db.execute("UPDATE naive_credits SET revoked_at = ? WHERE transaction_id = ?",
                            ((tx.revocationDate or now_millis()) if revoked else None,
                             tx.transactionId))
            self._record_notification(notification)

    def credits(self):
        with self.lock:
            rows = self.db.execute("SELECT transaction_id, product_id, quantity FROM naive_credits"
                                   " ORDER BY id").fetchall()
        return [{"transactionId": t, "productId": p, "quantity": q} for t, p, q in rows]


if __name__ == "__main__":
    backend.serve(NaiveBackend)
