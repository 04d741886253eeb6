#!/usr/bin/env python3
"""A reference backend for Google Play's one-time products and subscriptions, on the standard library alone.

Copy it, and change what `grant` means for your app. It speaks StoreSim's outside-server
protocol, Google Play's Developer API and Pub/Sub's push subscriptions:

  POST /storesim/verify   the app reports a purchase: {"store": "play", "purchaseToken",
                          "productId", "orderId", "packageName", "obfuscatedAccountId"};
                          answer 200 {"result": "credited"|"already-credited"|"rejected",
                          "reason": "..."}; 503 means "try again later".
                          A subscription's report is the same, its productId the app's product
                          (one of --subscription).
  POST /rtdn              Pub/Sub pushes a Real-time developer notification:
                          {"message": {"data": base64(DeveloperNotification), "messageId", ...},
                          "subscription"}; any 2xx acknowledges, 500 asks Pub/Sub to push again.
  GET  /storesim/credits  {"credits": [{"orderId", "productId", "quantity"}]}: every credit
                          Google Play has not voided.

What makes it correct (Google, "Fight fraud and abuse" and "Integrate the Google Play Billing
Library into your app"):

  * A purchase token is never trusted as the device reports it: the backend asks
    purchases.products.get, and credits only a purchaseState 0 (Purchased) purchase of the
    product and order it was told.
  * A credit is one sqlite transaction, and UNIQUE(purchase_token) makes a second credit of the
    same purchase impossible: "verify that each purchase token hasn't been used", whether the app
    reports it twice, Pub/Sub pushes it twice, or a notification races the app's report.
  * After crediting it acknowledges (purchases.products.acknowledge) or, for a consumable,
    consumes (purchases.products.consume): "if your app has a secure backend, we recommend using
    Purchases.products:acknowledge". It asks first, so a purchase the app acknowledged is left
    alone; a failed acknowledgement is made again at the next report or notification.
  * It answers "credited", and acknowledges a push, only after the credit has committed.
  * A voidedPurchaseNotification takes the credit back: the credit stays in the table, marked
    revoked, and is no longer listed at /storesim/credits.

And for subscriptions (Google, "Integrate the Google Play Billing Library into your server
backend" and "About subscriptions"):

  * The token, the app's or a subscriptionNotification's (SUBSCRIPTION_PURCHASED,
    SUBSCRIPTION_RENEWED, SUBSCRIPTION_RECOVERED), is checked with purchases.subscriptionsv2.get:
    "You must call the Google Play Developer API after receiving Real-time developer notifications
    to get the complete status". Access is granted while subscriptionState is ACTIVE,
    IN_GRACE_PERIOD or CANCELED (canceled but not expired yet).
  * Each order is credited once: the line item's latestSuccessfulOrderId, "The order id of the
    latest successful order associated with this item", UNIQUE(order_id) in its own table, since a
    subscription keeps its token from one renewal to the next. A renewal's order is the base
    order's id with "..0", "..1", …: a latest order "..N" proves that the base order and the
    renewals before it were paid, and those are credited once too (a notification may be lost).
  * An ACKNOWLEDGEMENT_STATE_PENDING subscription is acknowledged after the credit
    (purchases.subscriptions.acknowledge): "All initial subscription purchases need to be
    acknowledged. Subscription renewals don't need to be acknowledged."
  * A voided order takes back that order's credit, not the other orders of the subscription.

Google's own client library takes the same root URL and token:

    from googleapiclient.discovery import build
    from google.oauth2.credentials import Credentials
    service = build("androidpublisher", "v3", credentials=Credentials(ACCESS_TOKEN),
                    client_options={"api_endpoint": "http://127.0.0.1:8777/"}, static_discovery=True)

This reference calls the same paths with urllib, so that it needs nothing installed.
"""

import argparse
import base64
import binascii
import json
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BODY = 1 << 20          # refuse bodies over 1 MiB
PURCHASED = 0               # ProductPurchase.purchaseState: 0 Purchased, 1 Canceled, 2 Pending
ONE_TIME_PRODUCT_PURCHASED = 1
# subscriptionNotification.notificationType that bring an order to credit: SUBSCRIPTION_RECOVERED,
# SUBSCRIPTION_RENEWED, SUBSCRIPTION_PURCHASED.
SUBSCRIPTION_ORDERED = {1, 2, 4}
# SubscriptionPurchaseV2.subscriptionState in which the user has access: CANCELED is "canceled but
# not expired yet", IN_GRACE_PERIOD keeps access while Google retries the payment.
ACCESS_STATES = {"SUBSCRIPTION_STATE_ACTIVE", "SUBSCRIPTION_STATE_IN_GRACE_PERIOD", "SUBSCRIPTION_STATE_CANCELED"}


def log(line):
    """One line on stderr, flushed at once (the backend's whole log)."""
    print(line, file=sys.stderr, flush=True)


class TryAgainLater(Exception):
    """Google Play or our storage failed in a way that a retry can fix: answer 503 (or 500 to a push)."""


class Refused(Exception):
    """The Developer API answered HTTP 400: no such purchase, or a call it does not take."""


class DeveloperAPI:
    """purchases.products.get, acknowledge and consume, purchases.subscriptionsv2.get and
    purchases.subscriptions.acknowledge at `root` (StoreSim's serve, or Google's
    https://androidpublisher.googleapis.com/), with an OAuth 2 access token."""

    def __init__(self, root, package_name, access_token):
        self.base = (root.rstrip("/") + "/androidpublisher/v3/applications/"
                     + urllib.parse.quote(package_name, safe="") + "/purchases/")
        self.token = access_token

    def _call(self, method, product_id, token, suffix="", collection="products"):
        url = (self.base + collection + "/" + urllib.parse.quote(product_id, safe="") + "/tokens/"
               + urllib.parse.quote(token, safe="") + suffix)
        return self._send(method, url)

    def _send(self, method, url):
        request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None,
                                         headers={"Authorization": "Bearer " + self.token})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = response.read()
                return json.loads(body) if body else None
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            if error.code == 400:
                raise Refused(text) from None
            raise TryAgainLater(f"{method} {url}: HTTP {error.code} {text}") from None
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise TryAgainLater(f"{method} {url}: {error}") from None

    def get(self, product_id, token):
        return self._call("GET", product_id, token)

    def acknowledge(self, product_id, token):
        self._call("POST", product_id, token, ":acknowledge")

    def consume(self, product_id, token):
        self._call("POST", product_id, token, ":consume")

    def subscription(self, token):
        """purchases.subscriptionsv2.get: the SubscriptionPurchaseV2 of `token`."""
        return self._send("GET", self.base + "subscriptionsv2/tokens/" + urllib.parse.quote(token, safe=""))

    def acknowledge_subscription(self, subscription_id, token):
        self._call("POST", subscription_id, token, ":acknowledge", collection="subscriptions")


class Backend:
    """The backend's logic, apart from HTTP."""

    # One row per credit. UNIQUE(purchase_token) is the idempotency: the database, not the code,
    # refuses a second credit of a purchase.
    CREDITS_TABLE = """
        CREATE TABLE IF NOT EXISTS play_credits (
            id              INTEGER PRIMARY KEY,
            purchase_token  TEXT NOT NULL UNIQUE,
            order_id        TEXT NOT NULL,
            product_id      TEXT NOT NULL,
            quantity        INTEGER NOT NULL,
            source          TEXT NOT NULL,     -- verify or rtdn
            credited_at     INTEGER NOT NULL,  -- our clock, milliseconds
            revoked_at      INTEGER            -- when a voided purchase was taken back
        )"""

    # One row per credited order of a subscription: its token stays the same from one renewal to
    # the next, each renewal is an order of its own, so UNIQUE(order_id) is the idempotency.
    SUBSCRIPTION_CREDITS_TABLE = """
        CREATE TABLE IF NOT EXISTS play_subscription_credits (
            id              INTEGER PRIMARY KEY,
            order_id        TEXT NOT NULL UNIQUE,  -- GPA.…, or a renewal's GPA.…..N
            purchase_token  TEXT NOT NULL,
            product_id      TEXT NOT NULL,         -- our product: the base plan's
            source          TEXT NOT NULL,         -- verify or rtdn
            credited_at     INTEGER NOT NULL,
            revoked_at      INTEGER
        )"""

    def __init__(self, args):
        self.api = DeveloperAPI(args.api, args.package_name, args.access_token)
        self.consumables = set(args.consumable)
        # (subscription id, base plan id) -> our product id, from --subscription PRODUCT=SUB:PLAN
        self.base_plans = {}
        for spec in args.subscription:
            product, _, plan = spec.partition("=")
            subscription_id, _, base_plan_id = plan.partition(":")
            self.base_plans[(subscription_id, base_plan_id)] = product
        self.db = sqlite3.connect(args.db, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")   # a committed credit survives a power cut
        self.lock = threading.Lock()
        with self.lock:
            self.db.execute(self.CREDITS_TABLE)
            self.db.execute(self.SUBSCRIPTION_CREDITS_TABLE)

    def credit(self, purchase, source):
        """Credits `purchase` (a ProductPurchase) once: True when credited now, False when it was already."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(
                    "INSERT INTO play_credits(purchase_token, order_id, product_id, quantity, source, credited_at)"
                    " VALUES(?, ?, ?, ?, ?, ?)",
                    (purchase["purchaseToken"], purchase["orderId"], purchase["productId"],
                     int(purchase.get("quantity", 1)), source, int(time.time() * 1000)))
                self.db.execute("COMMIT")
                return True
            except sqlite3.IntegrityError:
                self.db.execute("ROLLBACK")
                return False
            except sqlite3.Error as error:
                self.db.execute("ROLLBACK")
                raise TryAgainLater(f"storage: {error}") from None

    def credit_orders(self, token, product_id, orders, source):
        """Credits each of a subscription's `orders` not credited before, in one transaction;
        returns those credited now."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                credited = []
                for order in orders:
                    cursor = self.db.execute(
                        "INSERT OR IGNORE INTO play_subscription_credits(order_id, purchase_token, product_id, source, credited_at)"
                        " VALUES(?, ?, ?, ?, ?)", (order, token, product_id, source, int(time.time() * 1000)))
                    if cursor.rowcount == 1:
                        credited.append(order)
                self.db.execute("COMMIT")
                return credited
            except sqlite3.Error as error:
                self.db.execute("ROLLBACK")
                raise TryAgainLater(f"storage: {error}") from None

    def revoke(self, token, order_id):
        """Takes back a voided purchase: a one-time product's by its token, a subscription's order by its id."""
        now = int(time.time() * 1000)
        with self.lock:
            self.db.execute("UPDATE play_credits SET revoked_at = ? WHERE purchase_token = ? AND revoked_at IS NULL", (now, token))
            self.db.execute("UPDATE play_subscription_credits SET revoked_at = ? WHERE order_id = ? AND revoked_at IS NULL",
                            (now, order_id))

    def credits(self):
        with self.lock:
            rows = self.db.execute("SELECT order_id, product_id, quantity FROM play_credits"
                                   " WHERE revoked_at IS NULL ORDER BY id").fetchall()
            rows += self.db.execute("SELECT order_id, product_id, 1 FROM play_subscription_credits"
                                    " WHERE revoked_at IS NULL ORDER BY id").fetchall()
        return [{"orderId": order, "productId": product, "quantity": quantity} for order, product, quantity in rows]

    def settle(self, product_id, token, order_id, source):
        """Asks Google Play about the purchase, credits it once and acknowledges or consumes it;
        ("credited" | "already-credited" | "rejected", reason)."""
        try:
            purchase = self.api.get(product_id, token)
        except Refused:
            return "rejected", "Google Play knows no purchase of this product by this token"
        if order_id is not None and purchase.get("orderId") != order_id:
            return "rejected", f"the token is the purchase of order {purchase.get('orderId')}, not {order_id}"
        if purchase.get("purchaseState") != PURCHASED:
            if purchase.get("purchaseState") == 2:
                raise TryAgainLater("the purchase is pending: not paid yet")
            return "rejected", "the purchase is canceled or refunded (purchaseState 1)"
        purchase.setdefault("purchaseToken", token)
        purchase.setdefault("productId", product_id)
        result = "credited" if self.credit(purchase, source) else "already-credited"
        self.acknowledge(purchase, product_id, token)
        return result, None

    def acknowledge(self, purchase, product_id, token):
        """Consumes a consumable, acknowledges anything else, unless that was done already. A
        refusal (the app did it meanwhile) or a failure changes nothing credited: it is made again
        at the next report or notification, well within Google's three days."""
        try:
            if product_id in self.consumables:
                if purchase.get("consumptionState") == 0:
                    self.api.consume(product_id, token)
            elif purchase.get("acknowledgementState") == 0:
                self.api.acknowledge(product_id, token)
        except (Refused, TryAgainLater) as error:
            log(f"acknowledging {purchase.get('orderId')}: {error}")

    def settle_subscription(self, token, product_id, order_id, source):
        """Asks Google Play about the subscription, credits its latest order (and the orders its
        number proves were paid before it) once each, and acknowledges it while Google says
        ACKNOWLEDGEMENT_STATE_PENDING; ("credited" | "already-credited" | "rejected", reason)."""
        try:
            subscription = self.api.subscription(token)
        except Refused:
            return "rejected", "Google Play knows no subscription by this token"
        state = subscription.get("subscriptionState")
        if state == "SUBSCRIPTION_STATE_PENDING":
            raise TryAgainLater("the subscription is pending: not paid yet")
        items = subscription.get("lineItems") or []
        if not items:
            return "rejected", f"the subscription has no line item ({state})"
        item = items[0]
        plan = (item.get("productId"), (item.get("offerDetails") or {}).get("basePlanId"))
        product = self.base_plans.get(plan)
        if product is None:
            return "rejected", f"the base plan {plan[0]}:{plan[1]} is none of ours"
        if product_id is not None and product != product_id:
            return "rejected", f"the token is a subscription to {product}, not {product_id}"
        latest = item.get("latestSuccessfulOrderId", "")
        base, _, renewal = latest.partition("..")
        if order_id is not None and order_id.partition("..")[0] != base:
            return "rejected", f"the token is the subscription of order {base}, not {order_id}"
        if state not in ACCESS_STATES:
            return "rejected", f"the subscription gives no access ({state})"
        orders = [base] + [f"{base}..{index}" for index in range(int(renewal) + 1 if renewal else 0)]
        credited = self.credit_orders(token, product, orders, source)
        if subscription.get("acknowledgementState") == "ACKNOWLEDGEMENT_STATE_PENDING":
            try:
                self.api.acknowledge_subscription(item["productId"], token)
            except (Refused, TryAgainLater) as error:
                log(f"acknowledging {base}: {error}")
        if credited:
            log(f"credited the orders {', '.join(credited)} of {product}")
        return ("credited" if credited else "already-credited"), None

    def verify(self, body):
        for field in ("purchaseToken", "productId"):
            if not isinstance(body.get(field), str):
                return {"result": "rejected", "reason": f"no {field}"}
        if body["productId"] in self.base_plans.values():
            result, reason = self.settle_subscription(body["purchaseToken"], body["productId"], body.get("orderId"), "verify")
            log(f"verify subscription {body.get('orderId')}: {result}" + (f" ({reason})" if reason else ""))
            return {"result": result, "reason": reason}
        result, reason = self.settle(body["productId"], body["purchaseToken"], body.get("orderId"), "verify")
        log(f"verify {body.get('orderId')}: {result}" + (f" ({reason})" if reason else ""))
        return {"result": result, "reason": reason}

    def push(self, envelope):
        """One Pub/Sub push; an exception asks Pub/Sub to push it again."""
        message = envelope.get("message") or {}
        try:
            notification = json.loads(base64.b64decode(message.get("data", ""), validate=True))
        except (binascii.Error, ValueError):
            log(f"push {message.get('messageId')}: data is not a notification; acknowledged, ignored")
            return
        one_time = notification.get("oneTimeProductNotification")
        subscription = notification.get("subscriptionNotification")
        voided = notification.get("voidedPurchaseNotification")
        if one_time and one_time.get("notificationType") == ONE_TIME_PRODUCT_PURCHASED:
            result, reason = self.settle(one_time["sku"], one_time["purchaseToken"], None, "rtdn")
            log(f"rtdn {message.get('messageId')}: {result}" + (f" ({reason})" if reason else ""))
        elif subscription and subscription.get("notificationType") in SUBSCRIPTION_ORDERED:
            result, reason = self.settle_subscription(subscription["purchaseToken"], None, None, "rtdn")
            log(f"rtdn {message.get('messageId')} subscription {subscription.get('notificationType')}: {result}"
                + (f" ({reason})" if reason else ""))
        elif voided:
            self.revoke(voided.get("purchaseToken"), voided.get("orderId"))
            log(f"rtdn {message.get('messageId')}: voided {voided.get('orderId')}, taken back")
        else:
            log(f"rtdn {message.get('messageId')}: nothing to do")


class Handler(BaseHTTPRequestHandler):
    backend = None

    def log_message(self, *_):
        pass

    def answer(self, status, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        if data:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            raise ValueError("body too long")
        return json.loads(self.rfile.read(length) or b"{}")

    def do_GET(self):
        if self.path == "/storesim/credits":
            return self.answer(200, {"credits": self.backend.credits()})
        self.answer(404)

    def do_POST(self):
        try:
            body = self.body()
        except ValueError:
            return self.answer(400, {"error": "not a JSON body"})
        try:
            if self.path == "/storesim/verify":
                return self.answer(200, self.backend.verify(body))
            if self.path == "/rtdn":
                self.backend.push(body)
                return self.answer(204)
        except TryAgainLater as error:
            log(f"{self.path}: try again later: {error}")
            return self.answer(503 if self.path == "/storesim/verify" else 500, {"error": str(error)})
        self.answer(404)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--db", default="play_backend.sqlite")
    parser.add_argument("--api", default="http://127.0.0.1:8777", help="the Developer API's root URL (serve's)")
    parser.add_argument("--access-token", required=True, help="the access token serve prints (play access token ya29.…)")
    parser.add_argument("--package-name", default="com.storesim.app")
    parser.add_argument("--consumable", action="append", default=[],
                        help="a product id to consume rather than acknowledge (repeat it)")
    parser.add_argument("--subscription", action="append", default=[], metavar="PRODUCT=SUBSCRIPTION:BASE_PLAN",
                        help="a product id sold as a subscription's base plan (repeat it)")
    args = parser.parse_args()
    if not args.consumable:
        args.consumable = ["com.storesim.coins.100", "com.storesim.coins.550"]
    if not args.subscription:
        args.subscription = ["com.storesim.premium.monthly=premium:monthly", "com.storesim.premium.yearly=premium:yearly"]
    Handler.backend = Backend(args)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    log(f"play backend listening on http://127.0.0.1:{server.server_address[1]}")
    server.serve_forever()


if __name__ == "__main__":
    main()
