#!/usr/bin/env python3
"""Verifies every signed transaction, renewal info and notification that `storesim state --json`
shows with Apple's own App Store Server Library (PyPI: app-store-server-library), as a team's
backend would: `SignedDataVerifier` configured for the environment each object names
(production needs the App Apple ID, as Apple's library requires), with the world's root
certificate, bundle id and App Apple ID, online checks off.

    storesim state --json --data-dir DIR | Scripts/verify-with-apple-library.py
    Scripts/verify-with-apple-library.py state.json

Each decoded object must also hold every field Apple sends in it where it applies (the field
lists below); a TEST notification (Request a Test Notification) names the app and the environment
only, and carries no transaction, renewal info or subtype. Prints one line per verified object and exits 0; names the first object the
library refuses, with the library's status, or the first that lacks a field, and exits 1; input that is not such a state is one line, exit 2.
"""
import base64
import json
import ssl
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def environment_of(jws):
    payload = jws.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    named = claims.get("environment") or claims.get("data", {}).get("environment")
    return Environment(named)


# The fields Apple sends in each object where they apply; a decoded object without one is
# refused as incomplete. (Not simulated, so not required: the Advanced Commerce API's fields.)
TRANSACTION_FIELDS = ["originalTransactionId", "transactionId", "bundleId", "productId", "purchaseDate",
                      "originalPurchaseDate", "quantity", "type", "inAppOwnershipType", "signedDate", "environment",
                      "storefront", "storefrontId", "transactionReason", "currency", "price", "appTransactionId"]
SUBSCRIPTION_FIELDS = ["webOrderLineItemId", "subscriptionGroupIdentifier", "expiresDate"]
RENEWAL_FIELDS = ["originalTransactionId", "autoRenewProductId", "productId", "autoRenewStatus", "signedDate", "environment",
                  "recentSubscriptionStartDate", "renewalDate", "currency", "renewalPrice", "appTransactionId"]
OFFER_FIELDS = ["offerDiscountType", "offerPeriod"]


def missing(decoded, fields):
    return [field for field in fields if getattr(decoded, field) is None]


def incomplete_transaction(decoded):
    fields = list(TRANSACTION_FIELDS)
    if named(decoded.type) == "Auto-Renewable Subscription":
        fields += SUBSCRIPTION_FIELDS
    if decoded.offerType is not None:
        fields += OFFER_FIELDS + ([] if named(decoded.offerType) == 1 else ["offerIdentifier"])
    if decoded.revocationDate is not None:
        # revocationPercentage: "This field is present in the JWSTransactionDecodedPayload for
        # refunded transactions." A revocationType the library does not know decodes as None.
        fields += ["revocationReason", "revocationType", "revocationPercentage"]
    return missing(decoded, fields)


def incomplete_renewal(decoded):
    fields = list(RENEWAL_FIELDS)
    if decoded.offerType is not None:
        fields += OFFER_FIELDS + ([] if named(decoded.offerType) == 1 else ["offerIdentifier"])
    return missing(decoded, fields)


def is_test(decoded):
    """Apple's TEST notification (Request a Test Notification): about no transaction."""
    return named(decoded.notificationType) == "TEST"


def incomplete_notification(decoded):
    fields = ["bundleId", "bundleVersion", "environment"] + ([] if is_test(decoded) else ["signedTransactionInfo"])
    if named(decoded.data.environment) == "Production":
        fields.append("appAppleId")
    if decoded.data.signedRenewalInfo is not None:
        fields.append("status")
    return missing(decoded.data, fields)


def not_a_test(decoded):
    """What a TEST notification carries that Apple's does not: a subtype, a transaction, renewal info."""
    extra = [field for field in ("signedTransactionInfo", "signedRenewalInfo", "status") if getattr(decoded.data, field) is not None]
    return extra + (["subtype"] if decoded.subtype is not None else [])


class Refused(Exception):
    """An object a check refuses: the one line that says which and why."""


def complete(what, fields):
    if fields:
        raise Refused(f"{what}: lacks what Apple sends: {', '.join(fields)}")


def named(environment):
    return getattr(environment, "value", environment)


class Signed:
    """One signed object of a state, verified and decoded by Apple's library: its `kind`
    (transaction, notification, renewal), the words that name it, the decoded object, its JWS and
    its entry in the state; a notification's also its transaction and its renewal info, each a
    `Signed` (None when it carries none)."""

    def __init__(self, kind, what, decoded, jws, entry, transaction=None, renewal=None):
        self.kind, self.what, self.decoded, self.jws, self.entry = kind, what, decoded, jws, entry
        self.transaction, self.renewal = transaction, renewal


def signed_objects(state, verifier):
    """Every signed object of `state`, verified and decoded, in order: the transactions, the
    notifications, the subscriptions' renewal info. One the library refuses raises `Refused`."""
    what = "the state"
    try:
        for transaction in state.get("transactions", []):
            jws = transaction.get("signedTransaction")
            if not jws:
                continue
            what = f"transaction {transaction['id']}"
            yield Signed("transaction", what, verifier(environment_of(jws)).verify_and_decode_signed_transaction(jws), jws,
                         transaction)
        for notification in state.get("notifications", []):
            jws = notification["signedPayload"]
            about = notification["transactionId"]
            what = f"notification {notification['type']}" + (f" of tx {about}" if about is not None else "")
            chosen = verifier(environment_of(jws))
            decoded = chosen.verify_and_decode_notification(jws)
            inner = decoded.data.signedTransactionInfo
            transaction = None if inner is None else Signed(
                "transaction", what + " (its transaction)", chosen.verify_and_decode_signed_transaction(inner), inner, {})
            renewal, named_as = None, what
            if decoded.data.signedRenewalInfo:
                what += " (renewal info)"
                inner = decoded.data.signedRenewalInfo
                renewal = Signed("renewal", what, chosen.verify_and_decode_renewal_info(inner), inner, {})
            yield Signed("notification", named_as, decoded, jws, notification, transaction, renewal)
        for subscription in state.get("subscriptions", []):
            jws = subscription["signedRenewalInfo"]
            what = f"renewal info of subscription {subscription['originalTransactionId']}"
            yield Signed("renewal", what, verifier(environment_of(jws)).verify_and_decode_renewal_info(jws), jws, subscription)
    except VerificationException as error:
        raise Refused(f"{what}: refused by Apple's library: {error.status.name}") from error


def run(check, nothing):
    """Hands every signed object of the state named on the command line (standard input without
    one) to `check(signed, state)`, which prints its line or raises `Refused`: exit 0; 1 with the
    refusal's line; 2, saying `nothing`, for input that is not such a state or signs nothing."""
    try:
        state, verifier = read_state(sys.argv[1] if len(sys.argv) > 1 else None)
    except ValueError as error:
        print(error)
        return 2
    checked = 0
    try:
        for signed in signed_objects(state, verifier):
            check(signed, state)
            checked += 1
    except Refused as error:
        print(error)
        return 1
    if checked == 0:
        print(nothing)
        return 2
    return 0


def read_state(path):
    """The state at `path` (standard input without one), and the verifier of each environment
    for its root, bundle id and App Apple ID; raises ValueError for input that is not such a state."""
    text = open(path).read() if path else sys.stdin.read()
    try:
        state = json.loads(text)
        root = ssl.PEM_cert_to_DER_cert(state["rootCertificate"])
        app = {key: state[key] for key in ("bundleId", "appAppleId")}
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"not a StoreKit 2 state with a root certificate and an app: {error}") from error
    verifiers = {}

    def verifier(environment):
        if environment not in verifiers:
            verifiers[environment] = SignedDataVerifier([root], False, environment, app["bundleId"], app["appAppleId"])
        return verifiers[environment]
    return state, verifier


def verify(signed, state):
    """Checks the fields of one verified object, and prints its line."""
    decoded = signed.decoded
    if signed.kind != "notification":
        complete(signed.what, (incomplete_transaction if signed.kind == "transaction" else incomplete_renewal)(decoded))
        print(f"{signed.what}: {decoded.productId} {named(decoded.environment)} verified")
        return
    complete(signed.what, incomplete_notification(decoded))
    if is_test(decoded):
        extra = not_a_test(decoded)
        if extra:
            raise Refused(f"{signed.what}: carries what Apple's TEST does not: {', '.join(extra)}")
        print(f"{signed.what}: {decoded.notificationUUID} {named(decoded.data.environment)} verified")
        return
    complete(signed.transaction.what, incomplete_transaction(signed.transaction.decoded))
    what = signed.what
    if signed.renewal is not None:
        what = signed.renewal.what
        complete(what, incomplete_renewal(signed.renewal.decoded))
    print(f"{what}: {decoded.notificationUUID} {named(decoded.data.environment)} verified")


if __name__ == "__main__":
    sys.exit(run(verify, "nothing signed to verify"))
