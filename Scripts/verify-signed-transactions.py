#!/usr/bin/env python3
"""Verifies every signedTransaction that `storesim state --json` shows against its
rootCertificate, outside StoreSim, with Python's `cryptography` library alone:

  - the JWS header says ES256 and carries three certificates in x5c: leaf, intermediate, root;
  - the root is the pinned rootCertificate, byte for byte;
  - the leaf is signed by the intermediate and the intermediate by the root, each valid at the
    payload's signedDate, the two CAs marked as CAs and the leaf not;
  - the signature is the leaf key's ES256 signature (raw r||s) of the header and payload.

    storesim state --json --data-dir DIR | Scripts/verify-signed-transactions.py
    Scripts/verify-signed-transactions.py state.json

Prints one line per signed transaction and exits 0, or names the first that fails and exits 1.
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


def main():
    state = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    root = x509.load_pem_x509_certificate(state["rootCertificate"].encode())
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
        print(f"verified tx {payload['transactionId']} {payload['productId']} {payload['type']} price {payload['price']} {payload['currency']}")
        verified += 1
    print(f"{verified} signed transactions verified against the root certificate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
