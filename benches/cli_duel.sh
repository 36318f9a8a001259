#!/usr/bin/env bash
# benches/cli_duel.sh — `uhash mac` against `b3sum --keyed` (BLAKE3 keyed mode)
# and `openssl mac … POLY1305` on the same file in the page cache (1 GiB by
# default), with the page-touch floor (`page_touch`: one byte of every page
# of a mapping of the file, 1 and 2 threads). Prints per command the median
# wall time over all rounds and the ratios of issue 20's goal.
#
#   bash benches/cli_duel.sh                 # 1 GiB, 5 rounds of 3 runs
#   SIZE_MIB=256 ROUNDS=3 bash benches/cli_duel.sh
#
# Needs hyperfine and b3sum (Debian: apt-get install hyperfine b3sum; where
# b3sum is not packaged, `cargo install b3sum` puts it in ~/.cargo/bin) and
# the openssl command line. Commands are interleaved: each round runs every
# command a few times (hyperfine --runs), so that load from other processes
# spreads over all of them; the median is over every run of every round.
# The file is pseudo-random (from /dev/urandom), kept in DIR between runs and
# read once before timing so that it is in the page cache.
set -euo pipefail

cd "$(dirname "$0")/.."
SIZE_MIB=${SIZE_MIB:-1024}
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-3}
DIR=${DIR:-target/cli-duel}
mkdir -p "$DIR"

need() {
    command -v "$1" >/dev/null 2>&1 || {
        echo "cli_duel: '$1' not found: $2" >&2
        exit 2
    }
}
need hyperfine "apt-get install hyperfine"
need openssl "apt-get install openssl"
need python3 "apt-get install python3 (for the medians)"
if ! command -v b3sum >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/b3sum" ] && PATH="$HOME/.cargo/bin:$PATH"
fi
need b3sum "apt-get install b3sum, or cargo install b3sum"

cargo build -q --release -p uhash-cli --bin uhash
cargo build -q --release -p uhash-bench --bin page_touch
TARGET=${CARGO_TARGET_DIR:-target}
UHASH=$TARGET/release/uhash
TOUCH=$TARGET/release/page_touch

FILE=$DIR/duel-${SIZE_MIB}MiB.bin
if [ "$(stat -c %s "$FILE" 2>/dev/null || echo 0)" != $((SIZE_MIB << 20)) ]; then
    head -c $((SIZE_MIB << 20)) /dev/urandom >"$FILE"
fi
cat "$FILE" >/dev/null

# Keys: a Poly1305-AES key (uhash keygen clears the bits r must not have,
# so the same 32 bytes are a valid OpenSSL Poly1305 key r ‖ s too), a
# 16-byte seed for the long-hash MACs, a 32-byte BLAKE3 key.
# Key files name their algorithm (`uhash-key v1 ALG HEX`, mode 0600).
rm -f "$DIR/poly.key" "$DIR/seed.key"
"$UHASH" keygen --out "$DIR/poly.key"
"$UHASH" keygen --alg nhx4-mac --out "$DIR/seed.key"
head -c 32 /dev/urandom >"$DIR/blake3.key"
HEXKEY=$(awk '{print $4}' "$DIR/poly.key")
NONCE16=000102030405060708090a0b0c0d0e0f
NONCE12=000102030405060708090a0b

declare -a NAMES CMDS
add() {
    NAMES+=("$1")
    CMDS+=("$2")
}
add "uhash mac (default poly1305-aes)" "$UHASH mac --key-file $DIR/poly.key --nonce $NONCE16 $FILE"
add "uhash mac --threads 1" "$UHASH mac --threads 1 --key-file $DIR/poly.key --nonce $NONCE16 $FILE"
add "uhash mac --alg nhx4-mac" "$UHASH mac --alg nhx4-mac --key-file $DIR/seed.key --nonce $NONCE12 $FILE"
add "uhash mac --alg nhx4-mac --threads 1" "$UHASH mac --alg nhx4-mac --threads 1 --key-file $DIR/seed.key --nonce $NONCE12 $FILE"
add "b3sum --keyed" "b3sum --keyed $FILE < $DIR/blake3.key"
add "b3sum --keyed --num-threads 1" "b3sum --keyed --num-threads 1 $FILE < $DIR/blake3.key"
add "openssl mac POLY1305" "openssl mac -macopt hexkey:$HEXKEY -in $FILE POLY1305"
add "page touch, 2 threads" "$TOUCH $FILE --threads 2"
add "page touch, 1 thread, MAP_POPULATE" "$TOUCH $FILE --threads 1 --populate"

echo "cli_duel: $FILE ($SIZE_MIB MiB), $ROUNDS rounds x $RUNS runs per command"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$ROUNDS"); do
    args=()
    for i in "${!NAMES[@]}"; do
        args+=(--command-name "${NAMES[$i]}" "${CMDS[$i]}")
    done
    hyperfine --style none --warmup 1 --runs "$RUNS" \
        --export-json "$DIR/round-$r.json" "${args[@]}" >/dev/null
    echo "round $r/$ROUNDS done (load $(cut -d' ' -f1 /proc/loadavg))"
done

python3 - "$DIR" "$ROUNDS" <<'EOF'
import json, statistics, sys
d, rounds = sys.argv[1], int(sys.argv[2])
times = {}
for r in range(1, rounds + 1):
    for res in json.load(open(f"{d}/round-{r}.json"))["results"]:
        times.setdefault(res["command"], []).extend(res["times"])
med = {k: statistics.median(v) for k, v in times.items()}
w = max(map(len, med))
print(f"\n{'command':<{w}}  median s   min s   runs")
for k, v in times.items():
    print(f"{k:<{w}}  {med[k]:8.3f} {min(v):7.3f} {len(v):6d}")
def ratio(a, b, goal=None):
    if a in med and b in med:
        g = f"   (goal <= {goal})" if goal else ""
        print(f"{a} / {b}: {med[a] / med[b]:.2f}{g}")
print()
u = "uhash mac (default poly1305-aes)"
ratio(u, "b3sum --keyed", 0.70)
ratio(u, "openssl mac POLY1305", 0.40)
ratio(u, "page touch, 2 threads", 1.15)
ratio(u, "uhash mac --threads 1")
n = "uhash mac --alg nhx4-mac"
ratio(n, "b3sum --keyed", 0.70)
ratio(n, "openssl mac POLY1305", 0.40)
ratio(n, "page touch, 2 threads", 1.15)
ratio(n, "uhash mac --alg nhx4-mac --threads 1")
EOF
