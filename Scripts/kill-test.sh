#!/usr/bin/env bash
# Kills `storesim run` with SIGKILL at random instants, over and over, in one world: in the
# middle of SQLite commits and cache appends, not only at the named crash points. After each
# kill a second process relaunches the app (launch recovery) and must find the audit ok. At the
# end: nothing lost, nothing credited twice, no damaged file.
#
#   Scripts/kill-test.sh [KILLS] [STRATEGY]        (STORESIM=path/to/storesim to pick a binary)
set -euo pipefail

kills=${1:-50}
strategy=${2:-verify-then-finish}
storesim=${STORESIM:-storesim}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
world="$work/world"

{
    echo "strategy $strategy"
    for _ in $(seq 1 30); do
        echo "buy com.storesim.coins.100"
        echo "buy com.storesim.pro"
        echo "buy com.storesim.coins.550"
        echo "wait"
    done
} > "$work/purchases.scenario"
# The app is launched, with launch recovery, when a script starts.
printf 'wait\nexpect lost 0\n' > "$work/recover.scenario"

# One uninterrupted run measures how long a run takes; kills then fall uniformly inside its first
# four fifths, so that a run a little faster than the measured one (a less loaded moment) is
# still killed mid-run.
start=$(date +%s%N)
"$storesim" run --data-dir "$world" "$work/purchases.scenario" > /dev/null
span_ms=$(( ($(date +%s%N) - start) / 1000000 ))
window_ms=$(( span_ms > 12 ? span_ms * 4 / 5 : 10 ))

killed=0
for ((k = 1; k <= kills; k++)); do
    "$storesim" run --data-dir "$world" "$work/purchases.scenario" > /dev/null 2>&1 &
    pid=$!
    delay_ms=$(( (RANDOM * 32768 + RANDOM) % window_ms ))
    sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
    if kill -KILL "$pid" 2> /dev/null; then killed=$((killed + 1)); fi
    wait "$pid" 2> /dev/null || true
    if ! "$storesim" run --data-dir "$world" "$work/recover.scenario" > "$work/recover.log" 2>&1; then
        echo "kill $k: the relaunch did not recover:"
        cat "$work/recover.log"
        exit 1
    fi
done

audit=$("$storesim" audit --json --data-dir "$world")
state=$("$storesim" state --json --data-dir "$world")
echo "kill-test: $kills runs of about $span_ms ms, $killed killed mid-run, strategy $strategy"
echo "audit: $audit"
case "$audit" in
    *'"lost": 0'*'"doubleCredited": 0, "orphanCredits": 0'*'"ok": true}') ;;
    *) echo "kill-test: FAILED: the audit is not clean"; exit 1 ;;
esac
case "$state" in
    *'"cacheWarnings": []'*) ;;
    *) echo "kill-test: FAILED: the cache file was damaged: $state"; exit 1 ;;
esac
echo "kill-test: passed"
