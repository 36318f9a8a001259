#!/usr/bin/env bash
# The fuzzing check: a divergence planted in one backend must be found.
#
# Builds the `poly1305_aes` target with cfg `uhash_plant` set for the
# poly1305-aes crate alone (a cargo config in a scratch directory: profile
# rustflags for that package, so only it and what depends on it are
# rebuilt), which makes the AVX2 backend return a wrong accumulator after a
# vector run of 3 KiB modulo 4 KiB (crates/poly1305-aes/src/backend/
# x86_avx2.rs). Runs it from the committed corpus for at most
# PLANT_SECONDS (default 60), from an empty corpus (the committed seeds
# already hold messages that reach the plant: the check is that the fuzzer
# finds one), and passes only if the target fails on an input that, run
# alone, fails again naming the AVX2 backend and passes on the real build.
# The planted binary replaces the real one in fuzz/target; it is built
# again without the cfg afterwards unless PLANT_RESTORE=0 (CI, whose clone
# is thrown away). The build leaves out the `kat` feature (the tool's
# library), which does not depend on the plant. Needs AVX2 (x86_64).
#
# Usage: fuzz/plant.sh
set -euo pipefail
fuzz=$(cd "$(dirname "$0")" && pwd)
limit=${PLANT_SECONDS:-60}
if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  echo "plant: no AVX2 on this CPU: the planted backend cannot run" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/.cargo" "$scratch/corpus" "$scratch/artifacts"
cat >"$scratch/.cargo/config.toml" <<'TOML'
[profile.release.package.poly1305-aes]
rustflags = ["--cfg", "uhash_plant"]
TOML
(cd "$scratch" && cargo +nightly fuzz build --fuzz-dir "$fuzz" -Z profile-rustflags \
  --no-default-features poly1305_aes >&2)
host=$(rustc -vV | sed -n 's/^host: //p')
bin="$fuzz/target/$host/release/poly1305_aes"
cp "$bin" "$scratch/planted"
real=$bin
if [ "${PLANT_RESTORE:-1}" != 0 ]; then
  (cd "$fuzz" && cargo +nightly fuzz build poly1305_aes >&2)
else
  real=
fi

t0=$(date +%s)
rc=0
"$scratch/planted" "$scratch/corpus" -max_total_time="$limit" \
  -max_len=1024 -rss_limit_mb=4096 -artifact_prefix="$scratch/artifacts/" \
  >"$scratch/log" 2>&1 || rc=$?
dt=$(( $(date +%s) - t0 ))
crash=$(ls "$scratch"/artifacts/crash-* 2>/dev/null | head -1 || true)
if [ "$rc" -eq 0 ] || [ -z "$crash" ]; then
  tail -20 "$scratch/log" >&2
  echo "plant: NOT FOUND in ${limit}s (rc $rc)" >&2
  exit 1
fi
# The failing input, alone, on the planted build: the AVX2 backend differs.
if "$scratch/planted" "$crash" >"$scratch/again" 2>&1; then
  echo "plant: the saved input does not fail again" >&2
  exit 1
fi
if ! grep -q 'avx2' "$scratch/again"; then
  grep -m3 'panicked\|assert' "$scratch/again" >&2 || true
  echo "plant: the failure does not name the AVX2 backend" >&2
  exit 1
fi
# And not on the real build.
if [ -n "$real" ] && ! "$real" "$crash" >/dev/null 2>&1; then
  echo "plant: the input fails on the real build too" >&2
  exit 1
fi
grep -m1 'panicked' "$scratch/again" || true
grep -m1 -A1 'assertion' "$scratch/again" || true
echo "plant: found in ${dt}s from an empty corpus (limit ${limit}s)${real:+; the input passes on the real build}"
