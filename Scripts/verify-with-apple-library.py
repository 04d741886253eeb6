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


class Incomplete(Exception):
    pass


def complete(what, fields):
    if fields:
        raise Incomplete(f"{what}: lacks what Apple sends: {', '.join(fields)}")


def named(environment):
    return getattr(environment, "value", environment)


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


def main():
    try:
        state, verifier = read_state(sys.argv[1] if len(sys.argv) > 1 else None)
    except ValueError as error:
        print(error)
        return 2

    def check(what, jws, decode, incomplete):
        """Verifies and decodes one signed object of a product, and checks its fields."""
        decoded = decode(verifier(environment_of(jws)), jws)
        complete(what, incomplete(decoded))
        print(f"{what}: {decoded.productId} {named(decoded.environment)} verified")

    checked = 0
    try:
        for transaction in state.get("transactions", []):
            jws = transaction.get("signedTransaction")
            if not jws:
                continue
            what = f"transaction {transaction['id']}"
            check(what, jws, SignedDataVerifier.verify_and_decode_signed_transaction, incomplete_transaction)
            checked += 1
        for notification in state.get("notifications", []):
            jws = notification["signedPayload"]
            about = notification["transactionId"]
            what = f"notification {notification['type']}" + (f" of tx {about}" if about is not None else "")
            chosen = verifier(environment_of(jws))
            decoded = chosen.verify_and_decode_notification(jws)
            complete(what, incomplete_notification(decoded))
            if is_test(decoded):
                extra = not_a_test(decoded)
                if extra:
                    raise Incomplete(f"{what}: carries what Apple's TEST does not: {', '.join(extra)}")
                print(f"{what}: {decoded.notificationUUID} {named(decoded.data.environment)} verified")
                checked += 1
                continue
            transaction = chosen.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
            complete(what + " (its transaction)", incomplete_transaction(transaction))
            if decoded.data.signedRenewalInfo:
                what += " (renewal info)"
                renewal = chosen.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)
                complete(what, incomplete_renewal(renewal))
            print(f"{what}: {decoded.notificationUUID} {named(decoded.data.environment)} verified")
            checked += 1
        for subscription in state.get("subscriptions", []):
            what = f"renewal info of subscription {subscription['originalTransactionId']}"
            check(what, subscription["signedRenewalInfo"], SignedDataVerifier.verify_and_decode_renewal_info, incomplete_renewal)
            checked += 1
    except VerificationException as error:
        print(f"{what}: refused by Apple's library: {error.status.name}")
        return 1
    except Incomplete as error:
        print(error)
        return 1
    if checked == 0:
        print("nothing signed to verify")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
