#!/usr/bin/env python3
"""Compares every decoded object of a StoreKit 2 world (`storesim state --json`) with the model
classes of Apple's App Store Server Library (PyPI: app-store-server-library), field by field, the
fields read from the library itself (its `attrs` classes), not from a list kept here:
`JWSTransactionDecodedPayload`, `JWSRenewalInfoDecodedPayload`, `ResponseBodyV2DecodedPayload`
and its `Data`. Each object is first verified and decoded as `verify-with-apple-library.py` does.

    storesim state --json --data-dir DIR | Scripts/compare-with-apple-models.py
    Scripts/compare-with-apple-models.py state.json

An object fails for:
- a field of the model it lacks, unless the field is listed below as one StoreSim does not send,
  or as one that applies only where the object is not (each with Apple's reason);
- a value the library could not map to its enum (it keeps the sent value in the `raw` companion
  field and leaves the field None: a value outside Apple's set);
- a key of the signed JSON the model does not know (a misspelt name), read from the JWS payload
  decoded here.
Prints one line per object compared and exits 0; names the first object that fails, with each
field, and exits 1; input that is not such a state is one line, exit 2.
"""
import base64
import importlib.util
import json
import sys
from pathlib import Path

import attr
from appstoreserverlibrary.models.Data import Data
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.ResponseBodyV2DecodedPayload import ResponseBodyV2DecodedPayload

sys.dont_write_bytecode = True  # the checker beside this one is loaded without leaving a cache in Scripts/
_spec = importlib.util.spec_from_file_location("verifier", Path(__file__).with_name("verify-with-apple-library.py"))
verifier_script = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verifier_script)
named, environment_of = verifier_script.named, verifier_script.environment_of

# Fields of Apple's models StoreSim does not send, with why.
ADVANCED_COMMERCE = "Advanced Commerce API purchases only; StoreSim simulates In-App Purchase without it"
COMMITMENT = ("monthly subscriptions with a 12-month commitment only (Apple's changelog, April 27, 2026, added "
              "TransactionCommitmentInfo and billingPlanType for them); no StoreSim catalog describes one")
NOT_SENT = {
    JWSTransactionDecodedPayload: {"advancedCommerceInfo": ADVANCED_COMMERCE, "commitmentInfo": COMMITMENT,
                                   "billingPlanType": COMMITMENT},
    JWSRenewalInfoDecodedPayload: {"advancedCommerceInfo": ADVANCED_COMMERCE, "commitmentInfo": COMMITMENT,
                                   "renewalBillingPlanType": COMMITMENT},
    ResponseBodyV2DecodedPayload: {
        "summary": "RENEWAL_EXTENSION with subtype SUMMARY only (Extend Subscription Renewal Dates for All Active "
                   "Subscribers), which StoreSim does not simulate",
        "externalPurchaseToken": "EXTERNAL_PURCHASE_TOKEN only (the External Purchase API), not simulated",
        "appData": "RESCIND_CONSENT only (a parent or guardian withdrew consent), not simulated"},
    Data: {},
}

# Fields that apply only in some conditions, each with the condition (on the decoded object and
# what is known of it: `known`) and why. A field not listed here nor above is required always.
OPTIONAL = "present only when"


def subscription(decoded, known):
    return named(decoded.type) == "Auto-Renewable Subscription"


def offered(decoded, known):
    """Bought or renewing under an offer, by the object's own offer fields or, for a transaction,
    by what the world's state says it was charged under (`offerType`, or a free trial's kind)."""
    return any(getattr(decoded, field) is not None for field in ("offerType", "rawOfferType", "offerIdentifier",
                                                                 "offerDiscountType", "offerPeriod")) \
        or known.get("offerType") is not None or known.get("kind") == "trial"


def named_offer(decoded, known):
    """An offer with an identifier: every offer type but the introductory offer (1)."""
    offer_type = named(decoded.offerType) if decoded.offerType is not None else known.get("offerType")
    return offered(decoded, known) and offer_type not in (1, None) and known.get("kind") != "trial"


def revoked(decoded, known):
    return any(getattr(decoded, field) is not None for field in ("revocationDate", "revocationReason", "rawRevocationReason",
                                                                 "revocationType", "rawRevocationType"))


def expired(decoded, known):
    """Renewal information of a subscription that will not renew: its renewal date passed by the time
    it was signed, auto-renew is off, and no billing retry goes on."""
    return named(decoded.autoRenewStatus) == 0 and not decoded.isInBillingRetryPeriod \
        and decoded.renewalDate is not None and decoded.signedDate is not None and decoded.renewalDate <= decoded.signedDate


def never(decoded, known):
    return False


# Notification types Apple always sends with a subtype.
SUBTYPED = {"SUBSCRIBED", "DID_CHANGE_RENEWAL_STATUS", "PRICE_INCREASE", "RENEWAL_EXTENSION", "EXTERNAL_PURCHASE_TOKEN"}

WHEN = {
    JWSTransactionDecodedPayload: {
        "webOrderLineItemId": (subscription, "an auto-renewable subscription"),
        "subscriptionGroupIdentifier": (subscription, "an auto-renewable subscription"),
        "expiresDate": (subscription, "an auto-renewable subscription"),
        "offerType": (offered, "bought under an offer"),
        "offerDiscountType": (offered, "bought under an offer"),
        "offerPeriod": (offered, "bought under an offer"),
        "offerIdentifier": (named_offer, "bought under a promotional, code or win-back offer"),
        "revocationDate": (revoked, "refunded or revoked"),
        "revocationReason": (revoked, "refunded or revoked"),
        "revocationType": (revoked, "refunded or revoked"),
        # "This field is present in the JWSTransactionDecodedPayload for refunded transactions."
        "revocationPercentage": (revoked, "refunded or revoked"),
        "appAccountToken": (never, f"{OPTIONAL} the app gave one with the purchase"),
        "isUpgraded": (never, f"{OPTIONAL} true: the customer upgraded from this transaction"),
    },
    JWSRenewalInfoDecodedPayload: {
        "offerType": (offered, "the next renewal is under an offer"),
        "offerDiscountType": (offered, "the next renewal is under an offer"),
        "offerPeriod": (offered, "the next renewal is under an offer"),
        "offerIdentifier": (named_offer, "the next renewal is under a promotional, code or win-back offer"),
        "expirationIntent": (expired, "the subscription expired and will not renew"),
        "gracePeriodExpiresDate": (never, f"{OPTIONAL} the subscription is in a billing grace period"),
        "priceIncreaseStatus": (never, f"{OPTIONAL} a price increase asks, or asked, for the customer's consent"),
        "eligibleWinBackOfferIds": (never, f"{OPTIONAL} the customer may redeem a win-back offer"),
        "appAccountToken": (never, f"{OPTIONAL} the app gave one with the purchase"),
    },
    ResponseBodyV2DecodedPayload: {
        "subtype": (lambda decoded, known: named(decoded.notificationType) in SUBTYPED,
                    "a notification type Apple always sends with a subtype"),
    },
    Data: {
        "appAppleId": (lambda decoded, known: named(decoded.environment) == "Production", "in production"),
        "signedTransactionInfo": (lambda decoded, known: known["type"] != "TEST", "about a transaction (all but TEST)"),
        "signedRenewalInfo": (lambda decoded, known: known["subscription"], "about an auto-renewable subscription"),
        "status": (lambda decoded, known: decoded.signedRenewalInfo is not None, "with renewal information"),
        # Apple (consumptionRequestReason): "The notification includes the consumptionRequestReason
        # in the data object."
        "consumptionRequestReason": (lambda decoded, known: known["type"] == "CONSUMPTION_REQUEST", "a CONSUMPTION_REQUEST"),
    },
}


def fields_of(model):
    """The model's fields as Apple names them in JSON, each with its raw companion (for an enum) or None."""
    fields = {}
    for field in attr.fields(model):
        kind = field.metadata.get("typeOfField")
        if kind != "raw":
            fields[field.name] = field.metadata.get("correspondingFieldName") if kind == "main" else None
    return fields


def problems(model, decoded, claims, known):
    """What is wrong with one decoded object: missing fields, values outside Apple's enums, unknown keys."""
    fields = fields_of(model)
    found = []
    for name, raw in fields.items():
        value = getattr(decoded, name)
        if raw is not None and value is None and getattr(decoded, raw) is not None:
            found.append(f"{name}: {getattr(decoded, raw)!r} is not one of Apple's values")
        if value is not None or (raw is not None and getattr(decoded, raw) is not None) or name in NOT_SENT[model]:
            continue
        condition = WHEN[model].get(name)
        if condition is None or condition[0](decoded, known):
            found.append(f"{name}: missing" + (f" ({condition[1]})" if condition else ""))
    found += [f"{key}: not a field of Apple's {model.__name__}" for key in claims if key not in fields]
    return found


def claims_of(jws):
    payload = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def compare(what, model, decoded, claims, known):
    found = problems(model, decoded, claims, known)
    if found:
        raise verifier_script.Refused(f"{what}: differs from Apple's {model.__name__}: " + "; ".join(found))


def compare_signed(signed, state):
    """Compares one verified object, and what a notification carries, with Apple's models; prints its line."""
    known_transactions = {transaction["id"]: transaction for transaction in state.get("transactions", [])}
    decoded = signed.decoded
    if signed.kind == "transaction":
        compare(signed.what, JWSTransactionDecodedPayload, decoded, claims_of(signed.jws), signed.entry)
    elif signed.kind == "renewal":
        compare(signed.what, JWSRenewalInfoDecodedPayload, decoded, claims_of(signed.jws), {})
    else:
        claims = claims_of(signed.jws)
        compare(signed.what, ResponseBodyV2DecodedPayload, decoded, claims, {})
        known = {"type": named(decoded.notificationType), "subscription": False}
        if signed.transaction is not None:
            inside = signed.transaction.decoded
            known["subscription"] = subscription(inside, {})
            compare(signed.transaction.what, JWSTransactionDecodedPayload, inside, claims_of(signed.transaction.jws),
                    known_transactions.get(inside.transactionId, {}))
        compare(signed.what + " (its data)", Data, decoded.data, claims.get("data", {}), known)
        if signed.renewal is not None:
            compare(signed.renewal.what, JWSRenewalInfoDecodedPayload, signed.renewal.decoded, claims_of(signed.renewal.jws), {})
    print(f"{signed.what}: {decoded.notificationUUID if signed.kind == 'notification' else decoded.productId} as Apple's model")


if __name__ == "__main__":
    sys.exit(verifier_script.run(compare_signed, "nothing signed to compare"))
