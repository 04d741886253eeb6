#!/usr/bin/env python3
"""Check the reference backend (and catch the naive one) against a real `storesim serve`.

    python3 check_backend.py [--storesim PATH] [--keep]

It starts `storesim serve` on a fresh temporary world (--seed 7 --new-key), sets the world up
with a script sent through `storesim run --connect` (StoreKit 2, notifications on, purchases, a
refund), reads `storesim state --json`, then plays the app and the App Store itself: it POSTs
each signed transaction to /storesim/verify, and each notification's signedPayload to
/notifications, as they will once `server url` and `server notifications url` exist; then
catch-up, a StoreKit 1 world, the naive backend, and a backend killed right after it answers.
One line per check; exit 0 when every check passes, 1 otherwise.

Standard library only (the backends themselves need app-store-server-library).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))

# The world: StoreKit 2, notifications on (the built-in Server receives them; the state keeps
# each signedPayload), a consumable, a non-consumable, a subscription, and a refunded purchase.
SETUP = """\
api storekit2
server notifications on
buy com.storesim.coins.100
wait
buy com.storesim.pro
wait
buy com.storesim.premium.monthly
wait
buy com.storesim.coins.550
wait
refund com.storesim.coins.550
wait
"""

# A StoreKit 1 world (the default API). `state --json` shows the world's root certificate only
# in a StoreKit 2 world; a world has one root whatever its API, so the script shows it first.
SETUP_STOREKIT1_ROOT = "api storekit2\n"
SETUP_STOREKIT1 = """\
api storekit1
buy com.storesim.coins.100
wait
buy com.storesim.pro
wait
"""

PURCHASE_NOTIFICATIONS = {"ONE_TIME_CHARGE", "SUBSCRIBED", "DID_RENEW", "OFFER_REDEEMED"}


class Checks:
    def __init__(self):
        self.failed = 0

    def check(self, ok, what, detail=""):
        print(f"{'ok  ' if ok else 'FAIL'}  {what}" + (f"  ({detail})" if detail and not ok else ""),
              flush=True)
        if not ok:
            self.failed += 1
        return ok


def wait_for_line(path, pattern, process, seconds=30):
    """Poll a log file until a line matches; the match, or None if the process died or time ran out."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path):
            with open(path, errors="replace") as f:
                m = re.search(pattern, f.read())
            if m:
                return m
        if process.poll() is not None:
            return None
        time.sleep(0.05)
    return None


def http(method, url, body=None, raw=None):
    """(status, parsed JSON or None). Never raises for an HTTP status."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, text = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read()
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, None


def payload_of(jws):
    import base64
    part = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def tamper(jws):
    """Change one character of the payload (a digit of the price if there is one)."""
    header, payload, signature = jws.split(".")
    i = len(payload) // 2
    c = "A" if payload[i] != "A" else "B"
    return ".".join([header, payload[:i] + c + payload[i + 1:], signature])


class Run:
    """Temporary directory, child processes, and their cleanup."""

    def __init__(self, storesim, keep):
        self.storesim, self.keep = storesim, keep
        self.dir = tempfile.mkdtemp(prefix="storesim-backend-check-")
        self.processes = []

    def start(self, name, argv):
        log = os.path.join(self.dir, name + ".log")
        with open(log, "w") as out:
            p = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, cwd=self.dir)
        self.processes.append(p)
        return p, log

    def stop(self, p):
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def close(self):
        for p in reversed(self.processes):
            self.stop(p)
        if self.keep:
            print(f"kept {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--storesim", default="storesim", help="the storesim binary (default: on PATH)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory and logs")
    args = ap.parse_args()
    storesim = shutil.which(args.storesim)
    if storesim is None:
        print(f"FAIL  no storesim binary at '{args.storesim}' (give its path with --storesim)")
        return 1
    run = Run(storesim, args.keep)
    c = Checks()
    try:
        return check_all(run, c)
    finally:
        run.close()


def start_serve(run, c, name):
    """`storesim serve` on a fresh world; (url, key file, key id, issuer, bundle id, App Apple ID,
    world directory), or None."""
    world = os.path.join(run.dir, name)
    key = os.path.join(run.dir, name + "-key.p8")
    serve, log = run.start(name + "-serve", [run.storesim, "serve", "--data-dir", world, "--seed", "7",
                                             "--new-key", key, "--listen", "127.0.0.1:0"])
    m = wait_for_line(log, r"listening on (http://\S+)", serve)
    if not c.check(m is not None, f"storesim serve starts ({name})", open(log).read()[-500:]):
        return None
    text = open(log).read()
    key_id, issuer = re.search(r"key (\S+)\s+issuer (\S+)", text).groups()
    bundle_id, app_apple_id = re.search(r"app (\S+)\s+App Apple ID (\d+)", text).groups()
    return m.group(1), key, key_id, issuer, bundle_id, app_apple_id, world


def run_script(run, c, api, name, text):
    path = os.path.join(run.dir, name + ".scenario")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([run.storesim, "run", "--connect", api, path], capture_output=True, text=True)
    return c.check(r.returncode == 0, f"the script {name} runs in the served world", r.stderr.strip())


def read_state(run, world):
    r = subprocess.run([run.storesim, "state", "--data-dir", world, "--json"],
                       capture_output=True, text=True)
    return json.loads(r.stdout)


def check_storekit1(run, c, start_backend):
    served = start_serve(run, c, "storekit1-world")
    if served is None:
        return False
    api, key, _, _, _, _, world = served
    if not run_script(run, c, api, "storekit1-root", SETUP_STOREKIT1_ROOT):
        return False
    root = os.path.join(run.dir, "storekit1-root.pem")
    with open(root, "w") as f:
        f.write(read_state(run, world)["rootCertificate"])
    if not run_script(run, c, api, "storekit1-setup", SETUP_STOREKIT1):
        return False
    state = read_state(run, world)
    receipt, txs = state.get("appReceipt"), state["transactions"]
    if not c.check(state.get("api") is None and receipt and len(txs) == 2,
                   "the StoreKit 1 world has an app receipt and 2 purchases"):
        return False
    url = start_backend("backend.py", state["clockMillis"] + 1, api=api, key=key, root=root)
    if url is None:
        return False
    for t in txs:
        body = {"receiptData": receipt, "transactionId": t["id"]}
        results = [(s, (b or {}).get("result")) for s, b in
                   (http("POST", url + "/storesim/verify", body) for _ in range(2))]
        c.check(results == [(200, "credited"), (200, "already-credited")],
                f"StoreKit 1: verify tx {t['id']} ({t['productId']}) with the app receipt twice: "
                "credited, then already-credited", str(results))
    s, b = http("POST", url + "/storesim/verify", {"receiptData": "bm90IGEgcmVjZWlwdA==",
                                                  "transactionId": txs[0]["id"]})
    c.check(s == 200 and (b or {}).get("result") == "rejected",
            "StoreKit 1: a receipt that is not one: rejected", f"{s} {b}")
    return True


def check_all(run, c):
    # ---- storesim serve, a StoreKit 2 world ----
    served = start_serve(run, c, "world")
    if served is None:
        return 1
    api, key, key_id, issuer, bundle_id, app_apple_id, world = served
    if not run_script(run, c, api, "setup", SETUP):
        return 1
    state = read_state(run, world)
    root = os.path.join(run.dir, "root.pem")
    with open(root, "w") as f:
        f.write(state["rootCertificate"])
    txs = [t for t in state["transactions"] if t.get("signedTransaction")]
    paid = [t for t in txs if not t["refunded"]]
    refunded = [t for t in txs if t["refunded"]]
    notes = state.get("notifications", [])
    c.check(len(paid) == 3 and len(refunded) == 1 and len(notes) >= 4,
            "the world has 3 paid purchases, 1 refunded, and their notifications",
            f"{len(paid)} paid, {len(refunded)} refunded, {len(notes)} notifications")

    counter = [0]

    def start_backend(script, since, api=api, key=key, root=root, db=None, process=None):
        """A backend on a free port, with a fresh database unless db names one; its base URL, or
        None. process, a list, receives the backend's Popen."""
        counter[0] += 1
        name = f"{os.path.splitext(script)[0]}-{counter[0]}"
        argv = [sys.executable, os.path.join(HERE, script), "--port", "0",
                "--db", db or os.path.join(run.dir, name + ".sqlite"), "--api", api,
                "--key", key, "--key-id", key_id, "--issuer-id", issuer,
                "--bundle-id", bundle_id, "--app-apple-id", app_apple_id,
                "--root-cert", root, "--environment", "Production", "--history-since", str(since)]
        p, log = run.start(name, argv)
        if process is not None:
            process.append(p)
        m = wait_for_line(log, r"listening on (http://\S+)", p)
        c.check(m is not None, f"{script} starts", open(log).read()[-800:])
        return m.group(1) if m else None

    def credit_counts(url):
        status, body = http("GET", url + "/storesim/credits")
        counts = {}
        for credit in (body or {}).get("credits", []):
            counts[credit["transactionId"]] = counts.get(credit["transactionId"], 0) + 1
        return status, counts

    # The Store's clock is simulated: a catch-up window starting after the setup finds nothing,
    # so that the verify checks below see the backend's own credits only.
    after_setup = state["clockMillis"] + 1

    # ---- the reference: verify ----
    url = start_backend("backend.py", after_setup)
    if url is None:
        return 1
    for t in paid:
        first = http("POST", url + "/storesim/verify", {"signedTransaction": t["signedTransaction"]})
        second = http("POST", url + "/storesim/verify", {"signedTransaction": t["signedTransaction"]})
        results = [(s, (b or {}).get("result")) for s, b in (first, second)]
        c.check(results == [(200, "credited"), (200, "already-credited")],
                f"verify tx {t['id']} ({t['productId']}) twice: credited, then already-credited",
                str(results))
    for t in refunded:
        s, b = http("POST", url + "/storesim/verify", {"signedTransaction": t["signedTransaction"]})
        c.check(s == 200 and (b or {}).get("result") == "rejected",
                f"verify refunded tx {t['id']}: rejected (Get Transaction Info says revoked)",
                f"{s} {b}")
    s, b = http("POST", url + "/storesim/verify", {"signedTransaction": tamper(paid[0]["signedTransaction"])})
    c.check(s == 200 and (b or {}).get("result") == "rejected",
            "verify a tampered signed transaction: rejected", f"{s} {b}")
    s, b = http("POST", url + "/storesim/verify", raw=b"{not json")
    s2, _ = http("GET", url + "/storesim/credits")
    c.check(s == 400 and s2 == 200, "a body that is not JSON: 400, and the backend keeps serving",
            f"{s}, then {s2}")
    s, counts = credit_counts(url)
    c.check(s == 200 and counts == {t["id"]: 1 for t in paid},
            "/storesim/credits lists each paid transaction exactly once", str(counts))

    # ---- the reference: notifications (a fresh backend, so the notification does the credit) ----
    url = start_backend("backend.py", after_setup)
    if url is None:
        return 1
    note = next(n for n in notes if n["type"] in PURCHASE_NOTIFICATIONS)
    answers = [http("POST", url + "/notifications", {"signedPayload": note["signedPayload"]})[0]
               for _ in range(2)]
    s, counts = credit_counts(url)
    c.check(answers == [200, 200] and counts == {note["transactionId"]: 1},
            f"notification {note['type']} tx {note['transactionId']} posted twice: 200, 200, credited once",
            f"{answers}, credits {counts}")
    refund = next((n for n in notes if n["type"] == "REFUND"), None)
    if c.check(refund is not None, "the world posted a REFUND notification"):
        s, _ = http("POST", url + "/notifications", {"signedPayload": refund["signedPayload"]})
        c.check(s == 200, f"REFUND tx {refund['transactionId']}: 200", str(s))
    s, _ = http("POST", url + "/notifications", {"signedPayload": tamper(note["signedPayload"])})
    c.check(s == 400, "a tampered notification: 400 (the Store will retry)", str(s))

    # ---- the reference: catch-up from Get Notification History ----
    # A backend that was down for everything: its first catch-up starts a day before the setup.
    url = start_backend("backend.py", state["clockMillis"] - 86_400_000)
    if url is None:
        return 1
    expected = {n["transactionId"]: 1 for n in notes if n["type"] in PURCHASE_NOTIFICATIONS}
    s, counts = credit_counts(url)
    c.check(counts == expected, "catch-up at start credits each notified purchase once", str(counts))
    s, b = http("POST", url + "/storesim/catch-up")
    s2, counts = credit_counts(url)
    c.check(s == 200 and counts == expected, "POST /storesim/catch-up again: nothing credited twice",
            f"{s} {b}, credits {counts}")

    # ---- StoreKit 1: the app receipt and a transaction id ----
    if not check_storekit1(run, c, start_backend):
        return 1

    # ---- the naive backend, same steps ----
    url = start_backend("naive_backend.py", after_setup)
    if url is None:
        return 1
    results = []
    for t in paid:
        for _ in range(2):
            results.append((http("POST", url + "/storesim/verify",
                                 {"signedTransaction": t["signedTransaction"]})[1] or {}).get("result"))
    for _ in range(2):
        http("POST", url + "/notifications", {"signedPayload": note["signedPayload"]})
    time.sleep(1.5)   # its writes land after its answers
    s, counts = credit_counts(url)
    doubled = sorted(tx for tx, n in counts.items() if n > 1)
    c.check("already-credited" not in results and len(doubled) >= 1,
            "the naive backend lists a transaction more than once (double-credited)",
            f"{results}, credits {counts}")
    print(f"naive backend's credits: {counts}")

    # ---- killed right after answering "credited": the reference keeps it, the naive loses it ----
    for script, kept in (("backend.py", True), ("naive_backend.py", False)):
        db, process = os.path.join(run.dir, f"killed-{script}.sqlite"), []
        url = start_backend(script, after_setup, db=db, process=process)
        if url is None:
            return 1
        s, b = http("POST", url + "/storesim/verify", {"signedTransaction": paid[0]["signedTransaction"]})
        process[0].kill()                 # SIGKILL, the moment the answer is in
        process[0].wait()
        url = start_backend(script, after_setup, db=db)
        if url is None:
            return 1
        _, counts = credit_counts(url)
        listed = counts.get(paid[0]["id"], 0) == 1
        c.check((b or {}).get("result") == "credited" and listed == kept,
                f"{script} answers credited, is killed at once, restarts: "
                + ("the credit is there" if kept else "the credit is gone (lost)"),
                f"{s} {b}, credits after restart {counts}")

    print(f"{'all checks passed' if c.failed == 0 else f'{c.failed} checks failed'}")
    return 0 if c.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
