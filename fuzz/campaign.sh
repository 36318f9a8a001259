#!/usr/bin/env bash
# A fuzzing campaign: every target (or the ones named) for SECONDS each,
# each with its -max_len, its committed seeds (fuzz/corpus/TARGET,
# read-only) and its working corpus ($FUZZ_WORK/corpus/TARGET, kept between
# campaigns); afterwards the working corpus is merged (minimized) with the
# seeds. Prints executions, exec/s, coverage and the share of inputs that
# reached a comparison per target, and appends them to $FUZZ_WORK/runs.tsv;
# then sums that file per family (a target and its `_long` tier) and says
# how long 10^8 executions per family take at the measured rate on this
# machine's cores and on 16 (assuming rates add up across cores, as
# separate processes with no shared state do until memory bandwidth binds:
# a 16-core run is the measurement that shows it).
#
# Usage: fuzz/campaign.sh [-j CORES] SECONDS [TARGET...]
#   -j CORES      each target on CORES processes (libFuzzer -fork=CORES,
#                 one corpus); default 1 (one process, -print_final_stats)
#   FUZZ_JOBS=N   run N targets at the same time (default 1)
#   FUZZ_WORK     working directory (default fuzz/work, git-ignored)
#   FUZZ_NO_BUILD=1  skip `cargo +nightly fuzz build -O` (already built)
#   FUZZ_BIN=DIR  the target binaries (default fuzz/target/HOST/release)
# Exit status: 1 if any target found a failure (its input is saved under
# $FUZZ_WORK/artifacts/TARGET/), else 0.
set -euo pipefail
cd "$(dirname "$0")"
cores=1
if [ "${1:-}" = -j ]; then
  cores=${2:?usage: fuzz/campaign.sh [-j CORES] SECONDS [TARGET...]}
  shift 2
fi
secs=${1:?usage: fuzz/campaign.sh [-j CORES] SECONDS [TARGET...]}
shift
work=${FUZZ_WORK:-work}
mkdir -p "$work"
work=$(cd "$work" && pwd)

# -max_len per target: the longest input the target reads (its messages are
# expanded from a short description; longer inputs only add literal bytes).
max_len() {
  case $1 in
    core_reductions) echo 256 ;;
    dfc_strategies) echo 512 ;;
    digest_mw | digest_mw_long) echo 1536 ;;
    sqh | sqh_long) echo 2048 ;;
    kat_parser) echo 4096 ;;
    *) echo 1024 ;;
  esac
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  cargo +nightly fuzz build -O >&2
fi
bin_dir=${FUZZ_BIN:-}
if [ -z "$bin_dir" ]; then
  host=$(rustc -vV | sed -n 's/^host: //p')
  bin_dir=target/$host/release
fi
# The targets count the inputs that reach a comparison (uhash_fuzz::tally).
export UHASH_FUZZ_TALLY=1

one() {
  local t=$1 corpus="$work/corpus/$1" arts="$work/artifacts/$1" log="$work/logs/$1.log"
  mkdir -p "$corpus" "$arts" "$work/logs"
  local dict=()
  [ -f "$t.dict" ] && dict=(-dict="$t.dict")
  local rc=0 mode=(-print_final_stats=1)
  [ "$cores" -gt 1 ] && mode=(-fork="$cores" -ignore_crashes=0)
  "$bin_dir/$t" "$corpus" "corpus/$t" -max_total_time="$secs" -max_len="$(max_len "$t")" \
    -timeout=30 -rss_limit_mb=4096 -report_slow_units=1 -artifact_prefix="$arts/" \
    "${mode[@]}" "${dict[@]}" >"$log" 2>&1 || rc=$?
  # Merge: the smallest set of inputs with the same coverage, seeds included.
  local merged="$work/merged-$t"
  rm -rf "$merged"; mkdir -p "$merged"
  "$bin_dir/$t" -merge=1 -max_len="$(max_len "$t")" -timeout=30 -rss_limit_mb=4096 \
    "$merged" "$corpus" "corpus/$t" >"$work/logs/$t.merge.log" 2>&1 || true
  if [ -n "$(ls -A "$merged")" ]; then rm -rf "$corpus"; mv "$merged" "$corpus"; else rm -rf "$merged"; fi
  local execs rate cov ft compared slow
  if [ "$cores" -gt 1 ]; then
    # Fork mode: the parent's last status line counts every job's runs.
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    rate=$(( ${execs:-0} / secs ))
  else
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  fi
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  compared=$(grep -oE 'compared [0-9]+ \([0-9.]+%\)' "$log" | tail -1 | grep -oE '[0-9.]+%' || true)
  slow=$(grep -c 'Slowest unit' "$log" || true)
  local status=ok
  [ "$rc" -eq 0 ] || status="FAILED (rc $rc, see $log and $arts)"
  [ "${slow:-0}" -eq 0 ] || status="$status; slow units over 1 s: $slow (see $log)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$secs" "${execs:-?}" \
    "${rate:-?}" "${cov:-?}" "${ft:-?}" "$status" "$cores" >>"$work/runs.tsv"
  printf '%-18s %5ss x%-2s %12s execs %8s exec/s  cov %6s  ft %6s  compared %6s  corpus %5s  %s\n' \
    "$t" "$secs" "$cores" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${compared:--}" \
    "$(ls "$corpus" | wc -l)" "$status"
  [ "$rc" -eq 0 ]
}

failed=0
jobs=${FUZZ_JOBS:-1}
if [ "$jobs" -le 1 ]; then
  for t in "${targets[@]}"; do one "$t" || failed=1; done
else
  pids=()
  for t in "${targets[@]}"; do
    one "$t" & pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
fi
# Per family (a target and its `_long` tier): executions over all campaigns,
# the rate per core (executions / (seconds x cores), summed over the
# family's targets run this way), and the time 10^8 executions of each
# target take at that rate on this machine's cores and on 16.
printf '\nexecutions over all campaigns (%s), per family:\n' "$work/runs.tsv"
printf '%-16s %14s %16s %14s\n' family executions "10^8 here (h)" "on 16 (h)"
awk -F'\t' -v here="$(nproc)" '
  $4 ~ /^[0-9]+$/ {
    f = $2; sub(/_long$/, "", f)
    c = ($9 ~ /^[0-9]+$/) ? $9 : 1
    n[f] += $4; cs[$2] += $3 * c; ce[$2] += $4; fam[$2] = f
  }
  END {
    for (t in ce) if (cs[t] > 0) {
      # Each target of a family needs 10^8 of its own: the slowest decides.
      h = 1e8 / (ce[t] / cs[t]) / 3600
      if (h > worst[fam[t]]) worst[fam[t]] = h
    }
    for (f in n) printf "%-16s %14d %16.1f %14.1f\n", f, n[f], worst[f] / here, worst[f] / 16
  }' "$work/runs.tsv" | sort
exit "$failed"
