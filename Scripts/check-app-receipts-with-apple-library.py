#!/usr/bin/env python3
"""Checks StoreKit 1 app receipts as Apple's own App Store Server Library (PyPI:
app-store-server-library) and OpenSSL read them: `ReceiptUtility.extract_transaction_id_from_app_receipt`
must read a transaction id that the receipt lists (none only from a receipt that lists no
purchase), and the receipt must be a PKCS #7 signedData that `openssl cms -verify` accepts against
the world's root certificate, at the receipt's creation date (attribute 12), and whose
certificates Python's `cryptography` loads.

    Scripts/check-app-receipts-with-apple-library.py ROOT.pem RECEIPTS.txt

RECEIPTS.txt holds one base64 receipt a line. Prints one line per receipt and exits 0; names the
first receipt refused, and why, and exits 1; arguments it cannot read, exit 2.
"""
import base64
import calendar
import shutil
import subprocess
import sys
import time

import asn1
from appstoreserverlibrary.receipt_utility import ReceiptUtility

IN_APP = 17
CREATION_DATE = 12
TRANSACTION_IDS = (1703, 1705)


def decoded(octets):
    decoder = asn1.Decoder()
    decoder.start(octets)
    return decoder.read()[1]


def attributes(octets):
    """(type, value bytes) of each attribute SEQUENCE of a SET."""
    return [(entry[0], entry[2]) for entry in decoded(octets)]


def read_payload(der):
    info = decoded(der)
    return info[1][0][2][1][0]


def listed_ids_and_date(payload):
    ids, created = set(), None
    for kind, value in attributes(payload):
        if kind == IN_APP:
            ids |= {decoded(inner) for inner_kind, inner in attributes(value) if inner_kind in TRANSACTION_IDS}
        elif kind == CREATION_DATE:
            text = decoded(value)
            created = calendar.timegm(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))
    return ids, created


def check(receipt, root):
    der = base64.b64decode(receipt, validate=True)
    ids, created = listed_ids_and_date(read_payload(der))
    found = ReceiptUtility().extract_transaction_id_from_app_receipt(receipt)
    if found is None and ids:
        return "Apple's ReceiptUtility found no transaction id in a receipt that lists %d" % len(ids)
    if found is not None and found not in ids:
        return "Apple's ReceiptUtility read %s, which the receipt does not list" % found
    if shutil.which("openssl"):
        verified = subprocess.run(["openssl", "cms", "-verify", "-inform", "DER", "-CAfile", root, "-binary", "-noout",
                                   "-attime", str(created)], input=der, capture_output=True)
        if verified.returncode != 0:
            return "openssl cms -verify refused it: " + verified.stderr.decode(errors="replace").strip()
    try:
        from cryptography.hazmat.primitives.serialization import pkcs7
        if len(pkcs7.load_der_pkcs7_certificates(der)) != 2:
            return "it does not carry the leaf and the intermediate"
    except ImportError:
        pass
    return "transaction %s" % found if found else "no purchase"


def main():
    if len(sys.argv) != 3:
        print("usage: check-app-receipts-with-apple-library.py ROOT.pem RECEIPTS.txt")
        return 2
    try:
        receipts = [line.strip() for line in open(sys.argv[2]) if line.strip()]
        open(sys.argv[1]).close()
    except OSError as error:
        print("cannot read: %s" % error)
        return 2
    for number, receipt in enumerate(receipts, 1):
        try:
            said = check(receipt, sys.argv[1])
        except Exception as error:  # Apple's library raises ValueError; asn1 and base64 their own.
            print("receipt %d refused: %s" % (number, error))
            return 1
        if not said.startswith(("transaction", "no purchase")):
            print("receipt %d refused: %s" % (number, said))
            return 1
        print("receipt %d: %s" % (number, said))
    return 0


if __name__ == "__main__":
    sys.exit(main())
