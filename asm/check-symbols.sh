#!/usr/bin/env bash
# Checks every assembled uhash-asm archive under the given target
# directories (default: target/): each exports at least one symbol, every
# exported (global, defined) symbol starts with `uhash_`, and every object
# carries a .note.GNU-stack section. Fails when no archive is found, so it
# cannot pass vacuously.
set -euo pipefail
dirs=("${@:-target}")
mapfile -t libs < <(find "${dirs[@]}" -path '*/build/uhash-asm-*/out/libuhash_asm.a' 2>/dev/null | sort)
if [ "${#libs[@]}" -eq 0 ]; then
  echo "check-symbols: no libuhash_asm.a under ${dirs[*]} (build with --features uhash-asm/asm first)" >&2
  exit 1
fi
status=0
for lib in "${libs[@]}"; do
  syms=$(nm -g --defined-only "$lib" | awk 'NF >= 3 { print $3 }')
  bad=$(printf '%s\n' "$syms" | grep -v '^uhash_' | grep -v '^$' || true)
  n=$(printf '%s\n' "$syms" | grep -c '^uhash_' || true)
  if [ -n "$bad" ]; then
    echo "check-symbols: $lib exports symbols without the uhash_ prefix:" >&2
    printf '  %s\n' $bad >&2
    status=1
  fi
  if [ "$n" -eq 0 ]; then
    echo "check-symbols: $lib exports no uhash_ symbol" >&2
    status=1
  fi
  nobj=$(ar t "$lib" | wc -l)
  nstack=$(readelf -S -W "$lib" | awk '/^File:/ { f = $2 } /\.note\.GNU-stack/ { print f }' | sort -u | wc -l)
  if [ "$nstack" -ne "$nobj" ]; then
    echo "check-symbols: $lib: only $nstack of $nobj objects have .note.GNU-stack" >&2
    status=1
  fi
  echo "check-symbols: $lib: $n uhash_ symbols, $nobj objects, ok"
done
exit $status
