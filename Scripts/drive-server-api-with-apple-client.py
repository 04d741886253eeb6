#!/usr/bin/env python3
"""Drives Apple's own App Store Server API client (PyPI: app-store-server-library,
`AppStoreServerAPIClient`) through every endpoint `storesim serve` answers, as a team's backend
calls Apple, and checks each answer with the library's own models and its `SignedDataVerifier`.

    Scripts/drive-server-api-with-apple-client.py URL KEY.p8 KEY_ID ISSUER_ID STATE.json

URL is the serve's base (`http://127.0.0.1:8777`); KEY.p8, KEY_ID and ISSUER_ID come from
`storesim keys create` (or `serve --new-key`); STATE.json is `storesim state --json` of the served
world, a StoreKit 2 world holding at least: a refunded consumable, a non-consumable, an
auto-renewable subscription renewed more than 20 times, and notifications on. Prints one line per
check and exits 0; the first check that fails is one line, exit 1.
"""
import base64
import datetime
import json
import sys
import uuid

import jwt
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.AccountTenure import AccountTenure
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.OrderLookupStatus import OrderLookupStatus
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.PlayTime import PlayTime
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, ProductType, TransactionHistoryRequest
from appstoreserverlibrary.models.UserStatus import UserStatus
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)


def claims(jws):
    payload = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def main():
    url, key_file, key_id, issuer_id, state_file = sys.argv[1:6]
    state = json.load(open(state_file))
    key = open(key_file, "rb").read()
    bundle_id, app_apple_id = state["bundleId"], state["appAppleId"]
    root_der = x509.load_pem_x509_certificate(state["rootCertificate"].encode()).public_bytes(Encoding.DER)
    environment = Environment(claims(state["transactions"][0]["signedTransaction"])["environment"])
    verifier = SignedDataVerifier([root_der], False, environment, bundle_id, app_apple_id)

    client = AppStoreServerAPIClient(key, key_id, issuer_id, bundle_id, environment)
    client._base_url = url  # the library's base URL is Apple's; a test points it at StoreSim
    transactions = state["transactions"]
    first = transactions[0]["id"]
    refunded = next(t for t in transactions if t.get("refunded"))
    subscription = next(t for t in transactions if claims(t["signedTransaction"])["type"] == "Auto-Renewable Subscription")
    original = subscription["originalId"]
    now_ms = state["clockMillis"]

    info = client.get_transaction_info(first)
    decoded = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo)
    check(decoded.transactionId == first, f"Get Transaction Info named {decoded.transactionId}, not {first}")
    print(f"ok Get Transaction Info: {first} verifies, {decoded.productId}")

    try:
        client.get_transaction_info("9999999999999999")
        raise Failed("Get Transaction Info of an unknown id answered 200")
    except APIException as error:
        check(error.http_status_code == 404 and error.raw_api_error == 4040010,
              f"an unknown transaction: HTTP {error.http_status_code}, errorCode {error.raw_api_error}, not 404 4040010")
    print("ok Get Transaction Info of an unknown id: 404 TransactionIdNotFoundError (4040010)")

    pages, revision, listed = 0, None, []
    while True:
        page = client.get_transaction_history(original, revision, TransactionHistoryRequest(sort=Order.ASCENDING),
                                              GetTransactionHistoryVersion.V2)
        pages += 1
        check(page.bundleId == bundle_id and page.appAppleId == app_apple_id, "the history names another app")
        check(len(page.signedTransactions) <= 20, f"a history page of {len(page.signedTransactions)} transactions, over 20")
        listed += [verifier.verify_and_decode_signed_transaction(jws) for jws in page.signedTransactions]
        revision = page.revision
        if not page.hasMore:
            break
        check(pages < 100, "the history never ends")
    dates = [t.purchaseDate for t in listed]
    check(dates == sorted(dates), "the ASCENDING history is not in purchase order")
    check(pages >= 2, f"a history of {len(listed)} transactions came in {pages} page")
    descending = client.get_transaction_history(original, None, TransactionHistoryRequest(sort=Order.DESCENDING),
                                                GetTransactionHistoryVersion.V2)
    newest = verifier.verify_and_decode_signed_transaction(descending.signedTransactions[0])
    check(newest.purchaseDate == max(dates), "the DESCENDING history does not start with the newest")
    renewables = client.get_transaction_history(original, None, TransactionHistoryRequest(productTypes=[ProductType.AUTO_RENEWABLE]),
                                                GetTransactionHistoryVersion.V2)
    kinds = {verifier.verify_and_decode_signed_transaction(jws).rawType for jws in renewables.signedTransactions}
    check(kinds == {"Auto-Renewable Subscription"}, f"the AUTO_RENEWABLE filter let {kinds} through")
    print(f"ok Get Transaction History v2: {len(listed)} transactions in {pages} pages of at most 20, sorted both ways, filtered by type")

    statuses = client.get_all_subscription_statuses(original)
    group = statuses.data[0]
    last = group.lastTransactions[0]
    check(last.originalTransactionId == original, "Get All Subscription Statuses names another subscription")
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
    check(renewal.originalTransactionId == original, "the renewal info is another subscription's")
    expired_only = client.get_all_subscription_statuses(original, [Status.EXPIRED])
    check(all(not g.lastTransactions or all(t.status == Status.EXPIRED for t in g.lastTransactions) for g in expired_only.data),
          "the status filter let another status through")
    print(f"ok Get All Subscription Statuses: {group.subscriptionGroupIdentifier} status {last.status}, renewal info verifies")

    start = now_ms - 150 * 86_400_000
    history = client.get_notification_history(None, NotificationHistoryRequest(startDate=max(start, 0), endDate=now_ms + 1))
    check(history.notificationHistory, "Get Notification History is empty in a world with notifications")
    for item in history.notificationHistory:
        verifier.verify_and_decode_notification(item.signedPayload)
        check(item.sendAttempts, "a notification without its send attempts")
    print(f"ok Get Notification History: {len(history.notificationHistory)} notifications verify, each with its attempts")
    try:
        client.get_notification_history(None, NotificationHistoryRequest(startDate=now_ms, endDate=now_ms - 1))
        raise Failed("a notification history that ends before it starts answered 200")
    except APIException as error:
        check(error.raw_api_error == 4000013, f"start after end: errorCode {error.raw_api_error}, not 4000013")
    print("ok Get Notification History refuses a start after the end: 4000013")

    token = client.request_test_notification().testNotificationToken
    check(token, "Request a Test Notification gave no token")
    status = client.get_test_notification_status(token)
    check(claims(status.signedPayload)["notificationType"] == "TEST", "the test notification is not a TEST")
    print(f"ok Request a Test Notification and Get Test Notification Status: {len(status.sendAttempts or [])} attempts")

    client.send_consumption_data(refunded["id"], ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.FULLY_CONSUMED, platform=Platform.APPLE, sampleContentProvided=False,
        deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="", accountTenure=AccountTenure.UNDECLARED,
        playTime=PlayTime.UNDECLARED, lifetimeDollarsRefunded=LifetimeDollarsRefunded.UNDECLARED,
        lifetimeDollarsPurchased=LifetimeDollarsPurchased.UNDECLARED, userStatus=UserStatus.ACTIVE))
    client.send_consumption_information(refunded["id"], ConsumptionRequest(customerConsented=True, deliveryStatus=DeliveryStatus.DELIVERED,
                                                                           sampleContentProvided=False))
    print("ok Send Consumption Information (v1 and v2): 202")

    refunds = client.get_refund_history(first, None)
    refunded_ids = {verifier.verify_and_decode_signed_transaction(jws).transactionId for jws in refunds.signedTransactions}
    check(refunded["id"] in refunded_ids, f"Get Refund History lacks the refunded {refunded['id']}")
    print(f"ok Get Refund History: {sorted(refunded_ids)}")

    with_order = next(t for t in transactions if t.get("orderId"))
    order = client.look_up_order_id(with_order["orderId"])
    check(order.status == OrderLookupStatus.VALID, f"Look Up Order ID {with_order['orderId']}: status {order.status}")
    ids = {verifier.verify_and_decode_signed_transaction(jws).transactionId for jws in order.signedTransactions}
    check(with_order["id"] in ids, "the order does not hold its transaction")
    check(client.look_up_order_id("ZZZZZZZZZZ").status == OrderLookupStatus.INVALID, "an unknown order id is not INVALID")
    print(f"ok Look Up Order ID: {with_order['orderId']} holds {with_order['id']}; an unknown one is INVALID")

    extended = client.extend_subscription_renewal_date(original, ExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier=str(uuid.uuid4())))
    check(extended.success and extended.originalTransactionId == original, f"Extend a Subscription Renewal Date: {extended}")
    print(f"ok Extend a Subscription Renewal Date: effective {extended.effectiveDate}")

    client.finish_transaction(first)
    print("ok Finish Transaction: 200")

    for label, forged in [("expired", {"exp": int(datetime.datetime.now().timestamp()) - 60}),
                          ("another issuer", {"iss": str(uuid.uuid4())})]:
        claims_forged = {"bid": bundle_id, "iss": issuer_id, "aud": "appstoreconnect-v1",
                         "exp": int(datetime.datetime.now().timestamp()) + 300}
        claims_forged.update(forged)
        token_forged = jwt.encode(claims_forged, client._signing_key, algorithm="ES256", headers={"kid": key_id})
        client._generate_token = lambda token=token_forged: token
        try:
            client.get_transaction_info(first)
            raise Failed(f"a token of {label} answered 200")
        except APIException as error:
            check(error.http_status_code == 401, f"a token of {label}: HTTP {error.http_status_code}, not 401")
        print(f"ok a token of {label}: 401")


if __name__ == "__main__":
    try:
        main()
    except Failed as failure:
        print(f"FAILED {failure}")
        sys.exit(1)
    except APIException as error:
        print(f"FAILED the API answered HTTP {error.http_status_code}, errorCode {error.raw_api_error}: {error.error_message}")
        sys.exit(1)
