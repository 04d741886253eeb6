#!/usr/bin/env python3
"""A reference backend for in-app purchases, on Apple's App Store Server Library.

Copy it, and change what `grant` means for your app. It speaks StoreSim's outside-server
protocol and Apple's App Store Server Notifications V2:

  POST /storesim/verify      the app reports a purchase:
                               {"signedTransaction": JWS, "appAccountToken": uuid}   (StoreKit 2)
                               {"receiptData": base64, "transactionId": id}          (StoreKit 1)
                             answer 200 {"result": "credited"|"already-credited"|"rejected",
                                         "reason": "..."}; 503 means "try again later".
  POST /notifications        the App Store posts {"signedPayload": JWS}; 200 acknowledges,
                             400 refuses what fails verification, 500/503 asks for a retry.
  POST /storesim/catch-up    fetch Get Notification History from the last processed time and
                             process what it lists (also done once at start).
  GET  /storesim/credits     {"credits": [{"transactionId", "productId", "quantity"}]}: every credit.

What makes it correct:

  * Every signed object is verified with SignedDataVerifier against the root certificate you
    pin (--root-cert), never against the chain it carries.
  * A purchase the app reports is checked with the App Store (Get Transaction Info) before it is
    credited: a refunded or revoked transaction is rejected, whatever the device says.
  * A credit is one sqlite transaction, and the table's UNIQUE constraint on transactionId makes
    a second credit of the same transaction impossible: a repeated verify, a duplicated
    notification, a notification racing the app's report all end in one credit.
  * It answers "credited" and HTTP 200 only after that transaction has committed. If it crashes
    before, the app and the Store ask again; nothing is lost.
  * Get Notification History at start (and on POST /storesim/catch-up) recovers notifications
    sent while the server was down past every retry.

Only the standard library (http.server, sqlite3) and Apple's app-store-server-library.
"""

import argparse
import base64
import binascii
import contextlib
import json
import sqlite3
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509   # installed with app-store-server-library

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.receipt_utility import ReceiptUtility
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

MAX_BODY = 1 << 20          # refuse bodies over 1 MiB
DAY_MILLIS = 86_400_000

# Notifications whose signed transaction is something the customer paid for (or redeemed):
# credit it. Crediting is idempotent, so a type that carries a transaction already credited
# (a downgrade's DID_CHANGE_RENEWAL_PREF carries the current one) changes nothing.
CREDIT_TYPES = {"ONE_TIME_CHARGE", "SUBSCRIBED", "DID_RENEW", "OFFER_REDEEMED",
                "DID_CHANGE_RENEWAL_PREF"}
# Notifications that take a purchase back, and the one that gives it back.
REVOKE_TYPES = {"REFUND", "REVOKE"}
REINSTATE_TYPES = {"REFUND_REVERSED"}


def log(line):
    """One line on stderr, flushed at once (the backend's whole log)."""
    print(line, file=sys.stderr, flush=True)


def name_of(value):
    """An enum of the library (or the raw string it keeps for an unknown value) as text."""
    if value is None:
        return None
    return getattr(value, "value", value)


class TryAgainLater(Exception):
    """The App Store or our storage failed in a way that a retry can fix: answer 503."""


class Backend:
    """The backend's logic, apart from HTTP. naive_backend.py subclasses it."""

    # One row per credit. UNIQUE(transaction_id) is the idempotency: the database, not the
    # code, refuses a second credit of a transaction.
    CREDITS_TABLE = """
        CREATE TABLE IF NOT EXISTS credits (
            id              INTEGER PRIMARY KEY,
            transaction_id  TEXT NOT NULL UNIQUE,
            product_id      TEXT NOT NULL,
            quantity        INTEGER NOT NULL,
            source          TEXT NOT NULL,     -- verify, notification or catch-up
            credited_at     INTEGER NOT NULL,  -- our clock, milliseconds
            revoked_at      INTEGER            -- the App Store's revocation date, if any
        )"""
    OTHER_TABLES = [
        # Every notification processed, by its notificationUUID (for the log and for support).
        """CREATE TABLE IF NOT EXISTS notifications (
            uuid         TEXT PRIMARY KEY,
            type         TEXT NOT NULL,
            subtype      TEXT,
            signed_date  INTEGER,
            processed_at INTEGER NOT NULL
        )""",
        # Small settings: the catch-up cursor (the App Store's clock, milliseconds).
        """CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    ]

    def __init__(self, args):
        self.args = args
        self.environment = Environment(args.environment)
        with open(args.root_cert, "rb") as f:
            root = f.read()
        if b"BEGIN CERTIFICATE" in root:
            root = ssl.PEM_cert_to_DER_cert(root.decode("ascii"))
        x509.load_der_x509_certificate(root)   # ValueError now, not a rejection per request later
        # Online checks (OCSP) off: a simulated world's certificates have no responder.
        self.verifier = SignedDataVerifier([root], False, self.environment, args.bundle_id,
                                           args.app_apple_id)
        with open(args.key, "rb") as f:
            self.client = AppStoreServerAPIClient(f.read(), args.key_id, args.issuer_id,
                                                  args.bundle_id, self.environment)
        self.client._base_url = args.api.rstrip("/")    # StoreSim's serve instead of Apple's host
        # One connection, used under a lock: simple and plenty for a reference backend.
        # isolation_level=None: we write BEGIN and COMMIT ourselves, so nothing is implicit.
        self.db = sqlite3.connect(args.db, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")   # a committed credit survives a power cut
        self.lock = threading.Lock()
        self.catch_up_lock = threading.Lock()
        with self.lock:
            self.db.execute(self.CREDITS_TABLE)
            for table in self.OTHER_TABLES:
                self.db.execute(table)

    # ---- storage ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self):
        """One sqlite transaction under the lock: committed (on disk) when the block ends
        normally, rolled back on any error. A storage error becomes TryAgainLater."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                yield
                self.db.execute("COMMIT")
            except BaseException as e:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error):
                    raise TryAgainLater(f"storage: {e}") from e
                raise

    def record_credit(self, tx, source, notification=None):
        """Credit a verified transaction once. Returns True if this call credited it, False if it
        was credited before. The credit and the notification that carried it (if any) commit in
        one sqlite transaction; when this returns, they are on disk."""
        with self.transaction():
            cur = self.db.execute(
                "INSERT INTO credits (transaction_id, product_id, quantity, source, credited_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (transaction_id) DO NOTHING",
                (tx.transactionId, tx.productId, tx.quantity or 1, source, now_millis()))
            if notification is not None:
                self._record_notification(notification)
        return cur.rowcount == 1

    def mark_revoked(self, tx, revoked, notification):
        """A refund or revocation (revoked=True) or its reversal (False), with its notification."""
        with self.transaction():
            self.db.execute("UPDATE credits SET revoked_at = ? WHERE transaction_id = ?",
                            ((tx.revocationDate or now_millis()) if revoked else None,
                             tx.transactionId))
            self._record_notification(notification)

    def record_notification(self, notification):
        with self.transaction():
            self._record_notification(notification)

    def _record_notification(self, n):
        self.db.execute("INSERT OR IGNORE INTO notifications VALUES (?, ?, ?, ?, ?)",
                        (n.notificationUUID or "", name_of(n.notificationType) or "",
                         name_of(n.subtype), n.signedDate, now_millis()))

    def credits(self):
        """Every credit, oldest first: what GET /storesim/credits answers."""
        with self.lock:
            rows = self.db.execute(
                "SELECT transaction_id, product_id, quantity FROM credits ORDER BY id").fetchall()
        return [{"transactionId": t, "productId": p, "quantity": q} for t, p, q in rows]

    def meta(self, key):
        with self.lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key, value):
        with self.lock:
            self.db.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE"
                            " SET value = excluded.value", (key, str(value)))

    # ---- asking the App Store --------------------------------------------------------------

    def transaction_info(self, transaction_id):
        """Get Transaction Info, verified: the transaction as the App Store knows it now.
        Returns None for a transaction the App Store does not know (404)."""
        try:
            response = self.client.get_transaction_info(transaction_id)
        except APIException as e:
            if e.http_status_code == 404:
                return None
            if e.http_status_code == 400:    # not a transaction id at all
                return None
            raise TryAgainLater(f"Get Transaction Info: HTTP {e.http_status_code} {e.raw_api_error}")
        except Exception as e:               # connection refused, timeout, garbage
            raise TryAgainLater(f"Get Transaction Info: {e.__class__.__name__}: {e}")
        if not response.signedTransactionInfo:
            raise TryAgainLater("Get Transaction Info: no signedTransactionInfo")
        try:
            return self.verifier.verify_and_decode_signed_transaction(response.signedTransactionInfo)
        except VerificationException as e:
            # The App Store's own answer does not verify: wrong root, wrong app or environment.
            raise TryAgainLater(f"Get Transaction Info answer failed verification: {e.status.name}")

    # ---- POST /storesim/verify -------------------------------------------------------------

    def verify(self, body):
        """The app's report of a purchase. Returns (result, reason).

        With "serverFinishes": true the app never finishes the transaction itself (StoreSim's
        strategy server-finishes): once the credit is committed, or found committed before, the
        server calls Finish Transaction, each time it is asked, so that a call lost on the way
        is made again at the app's next report."""
        if isinstance(body.get("signedTransaction"), str):
            result, reason, transaction_id = self.verify_storekit2(body["signedTransaction"], body.get("appAccountToken"))
        elif isinstance(body.get("receiptData"), str) and isinstance(body.get("transactionId"), str):
            result, reason, transaction_id = self.verify_storekit1(body["receiptData"], body["transactionId"])
        else:
            raise ValueError("expected signedTransaction, or receiptData and transactionId")
        if body.get("serverFinishes") is True and result in ("credited", "already-credited"):
            self.finish(transaction_id)
        return result, reason

    def finish(self, transaction_id):
        """Finish Transaction; a call that fails is made again when the app asks again."""
        try:
            self.client.finish_transaction(transaction_id)
        except Exception as e:
            log(f"Finish Transaction {transaction_id} failed, made again next time: {e.__class__.__name__}: {e}")

    def verify_storekit2(self, jws, app_account_token):
        # 1. The device's copy: is it really signed by the App Store, for this app?
        try:
            claimed = self.verifier.verify_and_decode_signed_transaction(jws)
        except VerificationException as e:
            return "rejected", f"signed transaction failed verification: {e.status.name}", None
        if app_account_token is not None and claimed.appAccountToken is not None \
                and str(app_account_token).lower() != str(claimed.appAccountToken).lower():
            return "rejected", "appAccountToken does not match the transaction's", None
        # 2. Apple's recommendation: ask the App Store for the transaction as it is now.
        return self.credit_checked(claimed.transactionId, "verify")

    def verify_storekit1(self, receipt_data, transaction_id):
        """StoreKit 1: the app sends its app receipt and the transaction id it is reporting.

        The receipt is only read, not trusted: ReceiptUtility takes a transaction id out of it
        (Apple's migration path away from verifyReceipt), and Get Transaction Info on both ids
        tells, signed, whether the reported transaction belongs to the same customer as the
        receipt (the same appTransactionId) and what it is now."""
        try:
            receipt_tx_id = ReceiptUtility().extract_transaction_id_from_app_receipt(receipt_data)
        except Exception as e:   # not base64, not a PKCS #7 receipt
            return "rejected", f"unreadable app receipt: {e.__class__.__name__}", None
        if receipt_tx_id is None:
            return "rejected", "the app receipt lists no transaction", None
        if not transaction_id.isdigit():
            return "rejected", "transactionId is not a transaction id", None
        if receipt_tx_id != transaction_id:
            receipt_tx = self.transaction_info(receipt_tx_id)
            reported = self.transaction_info(transaction_id)
            if receipt_tx is None or reported is None:
                return "rejected", "unknown transaction", None
            if receipt_tx.appTransactionId != reported.appTransactionId:
                return "rejected", "the transaction is not the receipt's customer's", None
        return self.credit_checked(transaction_id, "verify")

    def credit_checked(self, transaction_id, source):
        """Returns (result, reason, the transaction id credited or None)."""
        tx = self.transaction_info(transaction_id)
        if tx is None:
            return "rejected", "the App Store does not know this transaction", None
        if tx.revocationDate is not None:
            return "rejected", f"revoked ({name_of(tx.revocationType) or 'refunded'})", None
        if self.record_credit(tx, source):
            return "credited", f"{tx.productId} x{tx.quantity or 1}", tx.transactionId
        return "already-credited", f"{tx.productId} was credited before", tx.transactionId

    # ---- POST /notifications ---------------------------------------------------------------

    def notification(self, signed_payload, source="notification"):
        """One signed notification. Raises VerificationException (400) or TryAgainLater (503);
        returns a short description once everything it changes has committed."""
        n = self.verifier.verify_and_decode_notification(signed_payload)
        kind = name_of(n.notificationType)
        label = kind + (f".{name_of(n.subtype)}" if n.subtype else "")
        data = n.data
        tx = None
        if data is not None and data.signedTransactionInfo:
            tx = self.verifier.verify_and_decode_signed_transaction(data.signedTransactionInfo)
        if tx is not None and kind in CREDIT_TYPES:
            if tx.revocationDate is not None:
                self.record_notification(n)
                return f"{label} tx {tx.transactionId}: revoked already, not credited"
            new = self.record_credit(tx, source, n)
            return f"{label} tx {tx.transactionId}: " + ("credited" if new else "already credited")
        if tx is not None and kind in REVOKE_TYPES:
            self.mark_revoked(tx, True, n)
            return f"{label} tx {tx.transactionId}: marked revoked"
        if tx is not None and kind in REINSTATE_TYPES:
            self.mark_revoked(tx, False, n)
            return f"{label} tx {tx.transactionId}: revocation reversed"
        # TEST, EXPIRED, DID_FAIL_TO_RENEW, CONSUMPTION_REQUEST, ...: recorded, nothing to credit.
        self.record_notification(n)
        return f"{label}: recorded"

    # ---- catch up: Get Notification History ------------------------------------------------

    def catch_up(self):
        """Process every notification the App Store sent since the last catch-up.

        The cursor is the signedDate of the newest notification a completed catch-up saw: the
        App Store's clock, never ours (a simulated Store's clock is not the wall clock). It moves
        only when every page was processed, so a failure halfway is simply done again next time;
        processing is idempotent. The first catch-up starts at --history-since, else 180 days
        ago (Apple keeps 180 days). Returns (processed, failed)."""
        with self.catch_up_lock:
            cursor = self.meta("history_cursor")
            start = int(cursor) if cursor else self.args.history_since
            if start is None:
                start = now_millis() - 180 * DAY_MILLIS + 60_000
            end = max(now_millis(), start) + DAY_MILLIS
            request = NotificationHistoryRequest(startDate=start, endDate=end)
            token, newest, processed, failed = None, start, 0, 0
            while True:
                try:
                    page = self.client.get_notification_history(token, request)
                except APIException as e:
                    raise TryAgainLater(f"Get Notification History: HTTP {e.http_status_code} {e.raw_api_error}")
                except Exception as e:
                    raise TryAgainLater(f"Get Notification History: {e.__class__.__name__}: {e}")
                for item in page.notificationHistory or []:
                    try:
                        detail = self.notification(item.signedPayload, "catch-up")
                        processed += 1
                        log(f"catch-up: {detail}")
                    except VerificationException as e:
                        failed += 1
                        log(f"catch-up: a notification failed verification: {e.status.name}")
                        continue
                    newest = max(newest, signed_date_of(item.signedPayload) or newest)
                if not page.hasMore:
                    break
                token = page.paginationToken
            self.set_meta("history_cursor", newest)
            return processed, failed


def now_millis():
    return int(time.time() * 1000)


def signed_date_of(jws):
    """signedDate of a JWS already verified (read again without checking, for the cursor)."""
    try:
        payload = jws.split(".")[1]
        return int(json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["signedDate"])
    except (IndexError, ValueError, KeyError, TypeError, binascii.Error):
        return None


class Handler(BaseHTTPRequestHandler):
    """HTTP only: reads JSON, calls the Backend, answers JSON, logs one line per request."""

    server_version = "storesim-reference-backend"
    protocol_version = "HTTP/1.1"

    @property
    def backend(self):
        return self.server.backend

    def log_request(self, code="-", size="-"):
        pass   # answer() logs one line of its own for every request it answers

    def log_message(self, format, *args):
        # http.server's own answers (a malformed request line, headers too long): one line too.
        log(f"{self.command or '-'} {self.path if hasattr(self, 'path') else '-'}: " + format % args)

    def answer(self, status, obj, detail):
        body = json.dumps(obj).encode() if obj is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        log(f"{self.command} {self.path} -> {status} {detail}")

    def read_json(self):
        """The body as a JSON object; ValueError for anything else."""
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise ValueError("missing Content-Length")
        if length < 0:
            raise ValueError("bad Content-Length")
        if length > MAX_BODY:
            raise ValueError("body too large")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError("body is not JSON")
        if not isinstance(body, dict):
            raise ValueError("body is not a JSON object")
        return body

    def do_GET(self):
        if self.path == "/storesim/credits":
            credits = self.backend.credits()
            self.answer(200, {"credits": credits}, f"{len(credits)} credits")
        else:
            self.answer(404, {"error": "not found"}, "not found")

    def refuse_method(self):
        self.close_connection = True
        self.answer(405, {"error": "method not allowed"}, "method not allowed")

    do_PUT = do_DELETE = do_PATCH = refuse_method

    def do_POST(self):
        try:
            body = self.read_json() if self.path != "/storesim/catch-up" else None
            if self.path == "/storesim/verify":
                result, reason = self.backend.verify(body)
                self.answer(200, {"result": result, "reason": reason}, f"{result}: {reason}")
            elif self.path == "/notifications":
                payload = body.get("signedPayload")
                if not isinstance(payload, str):
                    raise ValueError("expected signedPayload")
                try:
                    detail = self.backend.notification(payload)
                except VerificationException as e:
                    self.answer(400, {"error": e.status.name}, f"failed verification: {e.status.name}")
                    return
                self.answer(200, None, detail)
            elif self.path == "/storesim/catch-up":
                processed, failed = self.backend.catch_up()
                self.answer(200, {"processed": processed, "failed": failed},
                            f"caught up: {processed} processed, {failed} failed verification")
            else:
                self.answer(404, {"error": "not found"}, "not found")
        except ValueError as e:
            self.close_connection = True    # the body may be unread: do not reuse the connection
            self.answer(400, {"error": str(e)}, f"bad request: {e}")
        except TryAgainLater as e:
            self.answer(503, {"error": str(e)}, f"try again later: {e}")
        except Exception as e:   # a bug: say so, answer 500 (the caller retries), keep serving
            self.answer(500, {"error": "internal error"}, f"internal error: {e.__class__.__name__}: {e}")


def parse_args(argv=None, description=__doc__.splitlines()[0]):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--port", type=int, default=8080, help="port on 127.0.0.1 (0: a free one)")
    p.add_argument("--db", required=True, help="the sqlite database file")
    p.add_argument("--api", required=True, help="base URL of the App Store Server API (storesim serve)")
    p.add_argument("--key", required=True, help="the in-app purchase key (.p8)")
    p.add_argument("--key-id", required=True)
    p.add_argument("--issuer-id", required=True)
    p.add_argument("--bundle-id", required=True)
    p.add_argument("--app-apple-id", type=int, help="required in Production")
    p.add_argument("--root-cert", required=True, help="the App Store root certificate (PEM or DER)")
    p.add_argument("--environment", choices=["Production", "Sandbox"], default="Production")
    p.add_argument("--history-since", type=int, default=None,
                   help="first catch-up's start, milliseconds on the App Store's clock "
                        "(default: 180 days ago)")
    args = p.parse_args(argv)
    if args.environment == "Production" and args.app_apple_id is None:
        p.error("--app-apple-id is required in Production")
    return args


def serve(backend_class, argv=None):
    args = parse_args(argv)
    try:
        backend = backend_class(args)
    except (OSError, ValueError, sqlite3.Error) as e:   # a missing key, a bad root, a bad --db
        log(f"cannot start: {e.__class__.__name__}: {e}")
        sys.exit(2)
    try:
        processed, failed = backend.catch_up()
        log(f"catch-up at start: {processed} processed, {failed} failed verification")
    except TryAgainLater as e:
        log(f"catch-up at start failed, POST /storesim/catch-up to retry: {e}")
    httpd = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    httpd.daemon_threads = True
    httpd.backend = backend
    log(f"listening on http://127.0.0.1:{httpd.server_address[1]}")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    serve(Backend)
