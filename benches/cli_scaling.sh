#!/usr/bin/env bash
# benches/cli_scaling.sh — `uhash mac` on 1 to all cores against its floors
# and its peers, one file in the page cache (tmpfs: /dev/shm).
#
#   bash benches/cli_scaling.sh                  # builds uhash and page_touch
#   SIZE_MIB=1024 RUNS=5 bash benches/cli_scaling.sh
#   UHASH=path/uhash PAGE_TOUCH=path/page_touch bash benches/cli_scaling.sh
#
# For each thread count N (1, 2, 4, … up to the core count, and the core
# count) it times, RUNS times each, and prints the median (min–max) in
# seconds:
#   touch     page_touch --threads N          one byte per page of a mapping
#   words     page_touch --threads N --words  every 8-byte word of a mapping:
#                                             the floor of issue 31
#   <MAC>     uhash mac --threads N --alg MAC for each MAC of ALGS
#   b3sum     b3sum --keyed --num-threads N   BLAKE3's keyed mode
# and once: `cat FILE > /dev/null` and `openssl mac … POLY1305` (one
# thread), where openssl has `mac`. Ratios: each MAC against `words` and
# against `b3sum` at the same N (goal: ≤ 1.25 and ≤ 0.6).
#
# Settings (environment): SIZE_MIB (default 8192 on 8 cores or more, else
# 1024), RUNS (3), ALGS ("poly1305-aes nhx4-mac mmh32x4-mac"), THREADS
# (default as above), DIR (default /dev/shm/uhash-scaling, else
# target/cli-scaling), IO_MODES (extra rows `uhash mac --io MODE` for the
# first MAC, e.g. "map blocks pread"; the hidden `--io` option), COLD=1
# (also a file of COLD_MIB, default 2048, on disk under target/, dropped
# from the page cache before each run with GNU dd's `iflag=nocache` and
# read by `uhash mac` on every core, by the IO_MODES rows and by
# `dd bs=1M`, in rounds of rotated order with a pause of COLD_PAUSE s,
# default 2, before each run; the table then says each one's speed against
# dd's), UHASH, PAGE_TOUCH, PAGE_LAYOUT (default: next to page_touch; the
# line `pages:` says how the file lies in physical memory, when it can),
# B3SUM (binaries; default: built with cargo / found on PATH). Needs bash,
# awk and sort; b3sum is optional (`cargo install b3sum`), as is openssl.
set -euo pipefail

cd "$(dirname "$0")/.."
START=$EPOCHREALTIME
CORES=$(getconf _NPROCESSORS_ONLN)
RUNS=${RUNS:-3}
ALGS=${ALGS:-"poly1305-aes nhx4-mac mmh32x4-mac"}
IO_MODES=${IO_MODES:-}
if [ -z "${SIZE_MIB:-}" ]; then
    if [ "$CORES" -ge 8 ]; then SIZE_MIB=8192; else SIZE_MIB=1024; fi
fi
if [ -z "${THREADS:-}" ]; then
    THREADS=""
    n=1
    while [ "$n" -lt "$CORES" ]; do
        THREADS="$THREADS $n"
        n=$((n * 2))
    done
    THREADS="$THREADS $CORES"
fi
if [ -z "${DIR:-}" ]; then
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then DIR=/dev/shm/uhash-scaling; else DIR=target/cli-scaling; fi
fi
mkdir -p "$DIR"

if [ -z "${UHASH:-}" ] || [ -z "${PAGE_TOUCH:-}" ]; then
    cargo build -q --release -p uhash-cli --bin uhash -p uhash-bench --bin page_touch --bin page_layout
    TARGET=${CARGO_TARGET_DIR:-target}
fi
UHASH=${UHASH:-$TARGET/release/uhash}
PAGE_TOUCH=${PAGE_TOUCH:-$TARGET/release/page_touch}
PAGE_LAYOUT=${PAGE_LAYOUT:-$(dirname "$PAGE_TOUCH")/page_layout}
if [ -z "${B3SUM:-}" ]; then
    B3SUM=$(command -v b3sum || { [ -x "$HOME/.cargo/bin/b3sum" ] && echo "$HOME/.cargo/bin/b3sum"; } || true)
fi
OPENSSL=$(command -v openssl || true)
if [ -n "$OPENSSL" ] && ! "$OPENSSL" mac -help >/dev/null 2>&1; then OPENSSL=""; fi

FILE=$DIR/scaling-${SIZE_MIB}MiB.bin
if [ "$(stat -c %s "$FILE" 2>/dev/null || echo 0)" != $((SIZE_MIB << 20)) ]; then
    # Pseudo-random bytes, written by one process per core (a few seconds
    # for 8 GiB on 16 cores instead of half a minute).
    rm -f "$FILE"
    per=$(((SIZE_MIB + CORES - 1) / CORES))
    for ((i = 0; i * per < SIZE_MIB; i++)); do
        n=$((SIZE_MIB - i * per < per ? SIZE_MIB - i * per : per))
        dd if=/dev/urandom of="$FILE" bs=1M count="$n" seek=$((i * per)) \
            iflag=fullblock conv=notrunc status=none &
    done
    wait
fi
cat "$FILE" >/dev/null

# Keys (key files name their algorithm: `uhash-key v1 ALG HEX`, mode 0600).
declare -A KEY NONCE
for a in $ALGS; do
    rm -f "$DIR/$a.key"
    "$UHASH" keygen --alg "$a" --out "$DIR/$a.key"
    KEY[$a]=$DIR/$a.key
    # The nonce length the MAC takes (`uhash algs`: name kind key nonce …).
    len=$("$UHASH" algs | awk -v a="$a" '$1 == a { print $4 }')
    NONCE[$a]=$(head -c "$len" /dev/zero | od -An -v -tx1 | tr -d ' \n')
done
head -c 32 /dev/urandom >"$DIR/blake3.key"

# time_runs LABEL CMD…: RUNS wall times (seconds), printed as
# "LABEL median min max"; PRE, when set, runs (untimed) before each run.
time_runs() {
    local label=$1
    shift
    local t0 t1 ts=()
    for _ in $(seq "$RUNS"); do
        ${PRE:-true}
        t0=$EPOCHREALTIME
        "$@" >/dev/null
        t1=$EPOCHREALTIME
        ts+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')")
    done
    printf '%s\n' "${ts[@]}" | median_line "$label"
}

# median_line LABEL: the times on stdin (seconds, one a line) as
# "LABEL median min max".
median_line() {
    sort -g | awk -v l="$1" '
        { v[NR] = $1 }
        END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%s %.4f %.4f %.4f\n", l, m, v[1], v[NR] }'
}

OUT=$DIR/results.txt
: >"$OUT"
echo "cli_scaling: $FILE ($SIZE_MIB MiB), $CORES cores, threads:$THREADS, $RUNS runs each" >&2
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')" >&2
# How the file's pages lie in physical memory (every figure depends on it:
# benches/README.md); the frame numbers need root.
if [ -x "$PAGE_LAYOUT" ]; then
    echo "pages: $("$PAGE_LAYOUT" "$FILE" 2>&1 | sed 's/^[^:]*: //')" >&2
fi
time_runs "cat 1" cat "$FILE" >>"$OUT"
if [ -n "$OPENSSL" ]; then
    HEXKEY=$(awk '{ print $4 }' "${KEY[poly1305-aes]:-$DIR/none}" 2>/dev/null || true)
    [ -n "$HEXKEY" ] && time_runs "openssl-poly1305 1" "$OPENSSL" mac -macopt "hexkey:$HEXKEY" -in "$FILE" POLY1305 >>"$OUT"
fi
for n in $THREADS; do
    time_runs "touch $n" "$PAGE_TOUCH" "$FILE" --threads "$n" >>"$OUT"
    time_runs "words $n" "$PAGE_TOUCH" "$FILE" --threads "$n" --words >>"$OUT"
    for a in $ALGS; do
        time_runs "$a $n" "$UHASH" mac --alg "$a" --threads "$n" --key-file "${KEY[$a]}" \
            --nonce "${NONCE[$a]}" "$FILE" >>"$OUT"
    done
    first=${ALGS%% *}
    for m in $IO_MODES; do
        time_runs "$first--io-$m $n" "$UHASH" mac --alg "$first" --threads "$n" --io "$m" \
            --key-file "${KEY[$first]}" --nonce "${NONCE[$first]}" "$FILE" >>"$OUT"
    done
    if [ -n "$B3SUM" ]; then
        time_runs "b3sum $n" sh -c "\"\$0\" --keyed --num-threads $n \"\$1\" < \"\$2\"" \
            "$B3SUM" "$FILE" "$DIR/blake3.key" >>"$OUT"
    fi
done

if [ "${COLD:-0}" = 1 ]; then
    COLD_MIB=${COLD_MIB:-2048}
    COLDFILE=target/cli-scaling/cold-${COLD_MIB}MiB.bin
    mkdir -p target/cli-scaling
    [ -f "$COLDFILE" ] || head -c $((COLD_MIB << 20)) "$FILE" >"$COLDFILE"
    # Drops this one file from the page cache (GNU dd's `nocache`:
    # posix_fadvise DONTNEED over the whole file, after its pages are
    # written). Dropping every cache (`echo 3 > /proc/sys/vm/drop_caches`)
    # does the same for the file, but needs root and, on our VM, left the
    # tmpfs file four times slower to map until it was written anew.
    evict() { sync "$COLDFILE" && dd if="$COLDFILE" iflag=nocache count=0 status=none; }
    if evict 2>/dev/null; then
        if command -v fincore >/dev/null; then
            echo "cli_scaling: after eviction: $(fincore --noheadings --output RES "$COLDFILE" | tr -d ' ') of $COLDFILE in the page cache" >&2
        fi
        # The cold commands, RUNS rounds, each round in an order rotated by
        # one and each run after a pause of COLD_PAUSE s: a VM's disk may be
        # rate-limited (a token bucket: ours read 1 GiB in 0.7 s or in 2.7 s
        # depending on what ran before), which back-to-back runs of one
        # command would charge to that command alone.
        first=${ALGS%% *}
        mac="$(printf '%q ' "$UHASH" mac --alg "$first" --key-file "${KEY[$first]}" --nonce "${NONCE[$first]}")"
        cold=$(printf '%q' "$COLDFILE")
        labels=("cold-dd $CORES" "cold-$first $CORES")
        cmds=("dd if=$cold of=/dev/null bs=1M status=none" "$mac $cold")
        for m in $IO_MODES; do
            labels+=("cold-$first--io-$m $CORES")
            cmds+=("$mac --io $m $cold")
        done
        times=$DIR/cold-times.txt
        : >"$times"
        for ((i = 0; i < RUNS; i++)); do
            for ((j = 0; j < ${#cmds[@]}; j++)); do
                k=$(((i + j) % ${#cmds[@]}))
                evict
                sleep "${COLD_PAUSE:-2}"
                t0=$EPOCHREALTIME
                eval "${cmds[$k]}" >/dev/null
                t1=$EPOCHREALTIME
                awk -v k="$k" -v a="$t0" -v b="$t1" 'BEGIN { printf "%d %.4f\n", k, b - a }' >>"$times"
            done
        done
        for ((k = 0; k < ${#cmds[@]}; k++)); do
            awk -v k="$k" '$1 == k { print $2 }' "$times" | median_line "${labels[$k]}" >>"$OUT"
        done
        rm -f "$times"
        rm -f "$COLDFILE"
    else
        echo "cli_scaling: dd cannot drop $COLDFILE from the page cache (iflag=nocache): no cold rows" >&2
    fi
fi

# The table: per thread count, each command's median (min–max) and the
# ratios of each MAC to the floor and to b3sum.
awk -v size="$SIZE_MIB" -v cold="${COLD_MIB:-0}" '
    { c = $1; n = $2; med[c, n] = $3; lo[c, n] = $4; hi[c, n] = $5
      if (!(n in sn)) { sn[n] = 1; ns[++nn] = n }
      if (!(c in sc)) { sc[c] = 1; cs[++nc] = c } }
    END {
      printf "%-28s %8s %18s %8s %8s %8s\n", "command", "threads", "median s (min-max)", "GB/s", "/words", "/b3sum"
      for (i = 1; i <= nn; i++) {
        n = ns[i]
        for (j = 1; j <= nc; j++) {
          c = cs[j]
          if (!((c, n) in med)) continue
          gbs = (c ~ /^cold-/ ? cold : size) * 1048576 / med[c, n] / 1e9
          warm = c !~ /^cold-/
          w = (warm && (("words", n) in med) && c != "words" && c != "touch") ? sprintf("%.2f", med[c, n] / med["words", n]) : "-"
          b = (warm && (("b3sum", n) in med) && c != "b3sum" && c != "words" && c != "touch") ? sprintf("%.2f", med[c, n] / med["b3sum", n]) : "-"
          printf "%-28s %8s %7.3f (%.3f-%.3f) %8.2f %8s %8s\n", c, n, med[c, n], lo[c, n], hi[c, n], gbs, w, b
        }
      }
      for (i = 1; i <= nn; i++)
        for (j = 1; j <= nc; j++) {
          c = cs[j]; n = ns[i]
          if (c ~ /^cold-/ && c != "cold-dd" && ((c, n) in med) && (("cold-dd", n) in med))
            printf "%s reads at %.2fx the speed of dd (goal: >= 0.9)\n", c, med["cold-dd", n] / med[c, n]
        }
    }' "$OUT"
awk -v a="$START" -v b="$EPOCHREALTIME" 'BEGIN { printf "cli_scaling: %.0f s in all\n", b - a }' >&2
