#!/usr/bin/env bash
# Kills `storesim run` with SIGKILL at random instants, over and over, in one world: in the
# middle of SQLite commits and cache appends, not only at the named crash points. After each
# kill a second process relaunches the app (launch recovery) and must find the audit ok. At the
# end: nothing lost, nothing credited twice, no damaged file.
#
# Under StoreKit 2 the Store also posts App Store Server Notifications, the Server's second path
# to a purchase. At the end every paid transaction is credited: paid = credited.
#
#   Scripts/kill-test.sh [KILLS] [STRATEGY] [API]  (STORESIM=path/to/storesim to pick a binary)
set -euo pipefail

kills=${1:-50}
strategy=${2:-verify-then-finish}
api=${3:-storekit1}
storesim=${STORESIM:-storesim}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
world="$work/world"

setup="strategy $strategy"
[[ $api == storekit2 ]] && setup+=$'\napi storekit2\nserver notifications on'
{
    echo "$setup"
    for _ in $(seq 1 30); do
        echo "buy com.storesim.coins.100"
        echo "buy com.storesim.pro"
        echo "buy com.storesim.coins.550"
        echo "wait"
    done
} > "$work/purchases.scenario"
# The app is launched, with launch recovery, when a script starts.
printf '%s\nwait\nexpect lost 0\n' "$setup" > "$work/recover.scenario"

# One uninterrupted run measures how long a run takes; kills then fall uniformly inside its first
# four fifths, so that a run a little faster than the measured one (a less loaded moment) is
# still killed mid-run.
start=$(date +%s%N)
"$storesim" run --data-dir "$world" "$work/purchases.scenario" > /dev/null
span_ms=$(( ($(date +%s%N) - start) / 1000000 ))
window_ms=$(( span_ms > 12 ? span_ms * 4 / 5 : 10 ))

# Each run either dies of the SIGKILL (status 137) or, when it ended before the kill arrived,
# finished with status 0; any other end is a failure. How many kills land mid-run depends on the
# machine's load and is only reported.
killed=0
finished=0
for ((k = 1; k <= kills; k++)); do
    "$storesim" run --data-dir "$world" "$work/purchases.scenario" > "$work/run.log" 2>&1 &
    pid=$!
    delay_ms=$(( (RANDOM * 32768 + RANDOM) % window_ms ))
    sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
    kill -KILL "$pid" 2> /dev/null || true
    status=0
    wait "$pid" 2> /dev/null || status=$?
    case $status in
        137) killed=$((killed + 1)) ;;
        0) finished=$((finished + 1)) ;;
        *)
            echo "kill $k: the run ended with status $status, neither killed nor finished:"
            tail -n 20 "$work/run.log"
            exit 1
            ;;
    esac
    if ! "$storesim" run --data-dir "$world" "$work/recover.scenario" > "$work/recover.log" 2>&1; then
        echo "kill $k: the relaunch did not recover:"
        cat "$work/recover.log"
        exit 1
    fi
done

audit=$("$storesim" audit --json --data-dir "$world")
state=$("$storesim" state --json --data-dir "$world")
echo "kill-test: $kills runs of about $span_ms ms, $killed killed mid-run, $finished finished before the kill, strategy $strategy, $api"
echo "audit: $audit"
case "$audit" in
    *'"lost": 0'*'"doubleCredited": 0, "orphanCredits": 0'*'"ok": true}') ;;
    *) echo "kill-test: FAILED: the audit is not clean"; exit 1 ;;
esac
paid=$(sed -n 's/.*"paid": \([0-9]*\).*/\1/p' <<< "$audit")
credited=$(sed -n 's/.*"credited": \([0-9]*\).*/\1/p' <<< "$audit")
if [[ -z $paid || $paid != "$credited" ]]; then
    echo "kill-test: FAILED: paid $paid, credited $credited"
    exit 1
fi
case "$state" in
    *'"cacheWarnings": []'*) ;;
    *) echo "kill-test: FAILED: the cache file was damaged: $state"; exit 1 ;;
esac
echo "kill-test: passed"
