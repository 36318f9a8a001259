#!/usr/bin/env bash
# A fuzzing campaign: every target (or the ones named) for SECONDS each,
# one after the other, each with its -max_len, its committed seeds
# (fuzz/corpus/TARGET, read-only) and its working corpus
# ($FUZZ_WORK/corpus/TARGET, kept between campaigns); afterwards the
# working corpus is merged (minimized) with the seeds. Prints executions,
# exec/s and coverage per target, and appends them to $FUZZ_WORK/runs.tsv
# (the executions reached over all campaigns are the sums of that file).
#
# Usage: fuzz/campaign.sh SECONDS [TARGET...]
#   FUZZ_WORK     working directory (default fuzz/work, git-ignored)
#   FUZZ_NO_BUILD=1  skip `cargo +nightly fuzz build` (already built)
#   FUZZ_JOBS=N   run N targets at the same time (default 1)
# Exit status: 1 if any target found a failure (its input is saved under
# $FUZZ_WORK/artifacts/TARGET/), else 0.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:?usage: fuzz/campaign.sh SECONDS [TARGET...]}
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
    poly1305_aes) echo 1024 ;;
    umac) echo 1024 ;;
    nhpoly1305) echo 1024 ;;
    mmh) echo 1024 ;;
    digest_mw) echo 1536 ;;
    sqh) echo 2048 ;;
    kat_parser) echo 4096 ;;
    *) echo 1024 ;;
  esac
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  cargo +nightly fuzz build >&2
fi
host=$(rustc -vV | sed -n 's/^host: //p')
bin_dir=target/$host/release

one() {
  local t=$1 corpus="$work/corpus/$1" arts="$work/artifacts/$1" log="$work/logs/$1.log"
  mkdir -p "$corpus" "$arts" "$work/logs"
  local dict=()
  [ -f "$t.dict" ] && dict=(-dict="$t.dict")
  local rc=0
  "$bin_dir/$t" "$corpus" "corpus/$t" -max_total_time="$secs" -max_len="$(max_len "$t")" \
    -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$arts/" \
    "${dict[@]}" >"$log" 2>&1 || rc=$?
  # Merge: the smallest set of inputs with the same coverage, seeds included.
  local merged="$work/merged-$t"
  rm -rf "$merged"; mkdir -p "$merged"
  "$bin_dir/$t" -merge=1 -max_len="$(max_len "$t")" -timeout=30 -rss_limit_mb=4096 \
    "$merged" "$corpus" "corpus/$t" >"$work/logs/$t.merge.log" 2>&1 || true
  if [ -n "$(ls -A "$merged")" ]; then rm -rf "$corpus"; mv "$merged" "$corpus"; else rm -rf "$merged"; fi
  local execs rate cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  local status=ok
  [ "$rc" -eq 0 ] || status="FAILED (rc $rc, see $log and $arts)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$secs" "${execs:-?}" \
    "${rate:-?}" "${cov:-?}" "${ft:-?}" "$status" >>"$work/runs.tsv"
  printf '%-16s %6ss %12s execs %8s exec/s  cov %6s  ft %6s  corpus %5s  %s\n' "$t" "$secs" \
    "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$(ls "$corpus" | wc -l)" "$status"
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
printf '\nexecutions over all campaigns (%s):\n' "$work/runs.tsv"
awk -F'\t' '$4 ~ /^[0-9]+$/ { n[$2] += $4; s[$2] += $3 } END { for (t in n) printf "%-16s %14d execs in %ds\n", t, n[t], s[t] }' \
  "$work/runs.tsv" | sort
exit "$failed"
