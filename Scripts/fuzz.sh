#!/usr/bin/env bash
# Fuzzes StoreSim's three parsers of outside input with libFuzzer (swiftc -sanitize=fuzzer),
# under AddressSanitizer: the catalog parser, the pending-order cache reader and the scenario
# parser. Each target (Fuzz/*Target.swift) checks that every input either parses or fails with
# the parser's own error, naming the file, in one printable line; see Fuzz/FuzzCheck.swift.
#
#   Scripts/fuzz.sh [--runs N] [TARGET...]     TARGET: catalog, cache, scenario (default: all three)
#
# The modules are compiled with swiftc straight from Sources/ (not through SwiftPM) into
# $FUZZ_BUILD (default /tmp/storesim-fuzz). Each target starts from the seeds (catalog.json,
# Fuzz/seeds/, Scenarios/) and keeps what it finds in $FUZZ_BUILD/corpus/TARGET, so a second
# run goes on from there. An input that breaks a check is saved as
# $FUZZ_BUILD/artifacts/TARGET/crash-*; replay it with `$FUZZ_BUILD/fuzz-TARGET FILE`.
# Exit status: 0 when every target ran its inputs without a failure, 1 otherwise.
set -euo pipefail

runs=100000
targets=()
while (($#)); do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        catalog | cache | scenario) targets+=("$1"); shift ;;
        *) echo "usage: Scripts/fuzz.sh [--runs N] [catalog|cache|scenario]..." >&2; exit 2 ;;
    esac
done
((${#targets[@]})) || targets=(catalog cache scenario)

root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-/tmp/storesim-fuzz}
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -O -enable-testing -g
       -I "$build" -I "$root/Sources/CSQLite" -I "$root/Sources/CCrypto" -I "$root/Sources/CRename")

# module NAME: compiles Sources/NAME into $build/NAME.o and its .swiftmodule.
module() {
    echo "fuzz: compiling $1" >&2
    mapfile -t sources < <(find "$root/Sources/$1" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$1" -wmo -emit-module -emit-module-path "$build/$1.swiftmodule" \
        -c -o "$build/$1.o" "${sources[@]}" 2> >(grep -v 'Cannot export local symbol' >&2)
}

# modules TARGET: the modules TARGET needs, in dependency order.
modules() {
    case "$1" in
        catalog) echo IAPCore ;;
        cache) echo IAPCore Storage IAPClient ;;
        scenario) echo IAPCore Storage Signing StoreEngine OrderServer IAPClient WorldCore ReadSide ScenarioLanguage ;;
    esac
}

# seeds TARGET: the files a target's corpus starts from.
seeds() {
    case "$1" in
        catalog) echo "$root/catalog.json" "$root"/Fuzz/seeds/catalog/* ;;
        cache) echo "$root"/Fuzz/seeds/cache/* ;;
        scenario) echo "$root"/Scenarios/*.scenario ;;
    esac
}

declare -A built=()
failed=0
for target in "${targets[@]}"; do
    for name in $(modules "$target"); do
        [[ -n ${built[$name]:-} ]] || { module "$name"; built[$name]=1; }
    done
    capitalized="$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}"
    objects=()
    for name in $(modules "$target"); do objects+=("$build/$name.o"); done
    echo "fuzz: linking fuzz-$target" >&2
    swiftc "${flags[@]}" -module-name "Fuzz$capitalized" -o "$build/fuzz-$target" \
        "$root/Fuzz/FuzzCheck.swift" "$root/Fuzz/${capitalized}Target.swift" "${objects[@]}" -lsqlite3 -lcrypto \
        2> >(grep -v 'Cannot export local symbol' >&2)

    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    # shellcheck disable=SC2046
    cp $(seeds "$target") "$corpus/"
    log="$build/fuzz-$target.log"
    echo "fuzz: $target: $runs inputs; log in $log" >&2
    start=$(date +%s)
    status=0
    # Swift's own backtracer would wait on a crashing child; libFuzzer reports crashes itself.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
        "$build/fuzz-$target" -runs="$runs" -dict="$root/Fuzz/$target.dict" -max_len=8192 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" > "$log" 2>&1 || status=$?
    seconds=$(($(date +%s) - start))
    executed=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    [[ -n $executed ]] || executed=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    crashes=$(find "$artifacts" -type f -newermt "@$start" | wc -l)
    echo "fuzz: $target: ${executed:-0} inputs in ${seconds}s, corpus $(find "$corpus" -type f | wc -l) files, $crashes failing input(s) in $artifacts"
    if ((status != 0 || crashes > 0)); then
        failed=1
        grep -m 5 -E 'fuzz check failed|Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer' "$log" || true
    fi
done
exit "$failed"
