#!/usr/bin/env python3
"""Verifies every signedTransaction, and every notification's signedPayload, that
`storesim state --json` shows against its rootCertificate, outside StoreSim, with Python's
`cryptography` library alone. Each JWS (a transaction; a notification, and inside it the
transaction's signedTransactionInfo and, for a subscription, its signedRenewalInfo) is checked:

  - the JWS header says ES256 and carries three certificates in x5c: leaf, intermediate, root;
  - the root is the pinned rootCertificate, byte for byte;
  - the leaf is signed by the intermediate and the intermediate by the root, each valid at the
    payload's signedDate, the two CAs marked as CAs and the leaf not;
  - the signature is the leaf key's ES256 signature (raw r||s) of the header and payload.

    storesim state --json --data-dir DIR | Scripts/verify-signed-transactions.py
    Scripts/verify-signed-transactions.py state.json

Prints one line per signed transaction and per notification and exits 0, or names the first that
fails and exits 1; input that is not such a state (no JSON, nothing signed) is one line, exit 2. A notification must also say what the state says of it (its type and
transaction; a TEST notification, about none, carries no transaction), and its renewal information
must be of the transaction's subscription. A family
member's shared transaction (the state's inAppOwnershipType FAMILY_SHARED) must be signed
FAMILY_SHARED and every other PURCHASED; a revoked transaction's line shows its revocationReason.
"""
import base64
import datetime
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils


def base64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_certificate(certificate, issuer, is_ca, moment):
    certificate.verify_directly_issued_by(issuer)
    if not certificate.not_valid_before_utc <= moment <= certificate.not_valid_after_utc:
        raise ValueError(f"{certificate.subject.rfc4514_string()} is not valid at {moment.isoformat()}")
    constraints = certificate.extensions.get_extension_for_class(x509.BasicConstraints).value
    if constraints.ca != is_ca:
        raise ValueError(f"{certificate.subject.rfc4514_string()}: CA is {constraints.ca}, expected {is_ca}")


def verify(jws, root):
    header_part, payload_part, signature_part = jws.split(".")
    header = json.loads(base64url(header_part))
    if header.get("alg") != "ES256":
        raise ValueError(f"alg is {header.get('alg')!r}, not ES256")
    chain = [x509.load_der_x509_certificate(base64.b64decode(text)) for text in header["x5c"]]
    if len(chain) != 3:
        raise ValueError(f"x5c holds {len(chain)} certificates, not 3")
    leaf, intermediate, top = chain
    if top != root:
        raise ValueError("the chain does not end in the pinned root certificate")
    payload = json.loads(base64url(payload_part))
    moment = datetime.datetime.fromtimestamp(payload["signedDate"] / 1000, datetime.timezone.utc)
    check_certificate(root, root, True, moment)
    check_certificate(intermediate, root, True, moment)
    check_certificate(leaf, intermediate, False, moment)
    signature = base64url(signature_part)
    if len(signature) != 64:
        raise ValueError(f"the signature is {len(signature)} bytes, not 64 (r||s)")
    der = utils.encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    leaf.public_key().verify(der, f"{header_part}.{payload_part}".encode(), ec.ECDSA(hashes.SHA256()))
    return payload


def verify_notification(notification, root):
    """The notification's payload, its transaction and its renewal information (or None), each
    verified; a ValueError when one says something else than the state."""
    payload = verify(notification["signedPayload"], root)
    if payload["notificationType"] != notification["type"] or payload["version"] != "2.0":
        raise ValueError(f"the payload is a {payload['notificationType']} notification of version {payload['version']}")
    data = payload["data"]
    if notification["transactionId"] is None:
        # Apple's TEST notification (Request a Test Notification) names the app and the environment only.
        if payload["notificationType"] != "TEST" or "signedTransactionInfo" in data or "signedRenewalInfo" in data:
            raise ValueError("a notification about no transaction must be a TEST without a transaction or renewal information")
        return payload, None, None
    transaction = verify(data["signedTransactionInfo"], root)
    if transaction["transactionId"] != notification["transactionId"]:
        raise ValueError(f"the payload is about tx {transaction['transactionId']}")
    if (data["bundleId"], data["environment"]) != (transaction["bundleId"], transaction["environment"]):
        raise ValueError("data and its transaction name different apps or environments")
    renewal = None
    if "signedRenewalInfo" in data:
        renewal = verify(data["signedRenewalInfo"], root)
        if renewal["originalTransactionId"] != transaction["originalTransactionId"]:
            raise ValueError(f"the renewal information is of subscription {renewal['originalTransactionId']}")
    return payload, transaction, renewal


def ownership_text(payload):
    """A shared transaction's ownership and a revoked one's reason, as the line shows them;
    nothing for no transaction."""
    if payload is None:
        return ""
    text = " FAMILY_SHARED" if payload["inAppOwnershipType"] == "FAMILY_SHARED" else ""
    if "revocationDate" in payload:
        text += f" revoked reason {payload['revocationReason']}"
    return text


def renewal_text(renewal):
    if renewal is None:
        return ""
    fields = ["autoRenewStatus", "autoRenewProductId", "isInBillingRetryPeriod", "gracePeriodExpiresDate", "expirationIntent"]
    return " renewal " + " ".join(f"{name}={renewal[name]}" for name in fields if name in renewal)


def about(notification):
    """The transaction a notification tells of, as its line names it; nothing for a TEST."""
    return "" if notification["transactionId"] is None else f" tx {notification['transactionId']}"


def verify_notifications(state, root):
    """Prints a line per notification; the number verified, or None after a failure."""
    notifications = state.get("notifications", [])
    for notification in notifications:
        try:
            payload, transaction, renewal = verify_notification(notification, root)
        except Exception as error:  # every failure is a verdict on this notification
            print(f"notification {notification['type']}{about(notification)}: NOT VERIFIED: {type(error).__name__}: {error}")
            return None
        kind = payload["notificationType"] + (f".{payload['subtype']}" if payload.get("subtype") else "")
        print(f"verified notification {kind}{about(notification)}{ownership_text(transaction)}{renewal_text(renewal)}")
    return len(notifications)


def read_state():
    """The state object and its pinned root, or None after one line saying what is wrong."""
    source = sys.argv[1] if len(sys.argv) > 1 else "standard input"
    try:
        state = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    except (OSError, ValueError) as error:
        print(f"{source}: not the JSON of `storesim state --json`: {error}", file=sys.stderr)
        return None
    if not isinstance(state, dict) or "rootCertificate" not in state:
        print(f"{source}: no rootCertificate: the world has signed nothing yet "
              "(StoreKit 2 transactions or notifications sign; see `api storekit2`)", file=sys.stderr)
        return None
    return state, x509.load_pem_x509_certificate(state["rootCertificate"].encode())


def main():
    read = read_state()
    if read is None:
        return 2
    state, root = read
    notified = verify_notifications(state, root)
    if notified is None:
        return 1
    verified = 0
    for transaction in state["transactions"]:
        jws = transaction.get("signedTransaction")
        if jws is None:
            continue
        try:
            payload = verify(jws, root)
        except Exception as error:  # every failure is a verdict on this transaction
            print(f"tx {transaction['id']}: NOT VERIFIED: {type(error).__name__}: {error}")
            return 1
        if payload["transactionId"] != transaction["id"] or payload["productId"] != transaction["productId"]:
            print(f"tx {transaction['id']}: NOT VERIFIED: the payload is tx {payload['transactionId']} of {payload['productId']}")
            return 1
        if payload["inAppOwnershipType"] != transaction.get("inAppOwnershipType", "PURCHASED"):
            print(f"tx {transaction['id']}: NOT VERIFIED: signed {payload['inAppOwnershipType']}, not {transaction.get('inAppOwnershipType', 'PURCHASED')}")
            return 1
        print(f"verified tx {payload['transactionId']} {payload['productId']} {payload['type']} price {payload['price']} {payload['currency']}"
              f"{ownership_text(payload)}")
        verified += 1
    if notified:
        print(f"{notified} notifications verified against the root certificate")
    print(f"{verified} signed transactions verified against the root certificate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
