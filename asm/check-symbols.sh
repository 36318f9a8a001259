#!/usr/bin/env bash
# Checks every assembled uhash-asm archive under the given target
# directories (default: target/): each exports at least one symbol, every
# exported (global, defined) symbol starts with the versioned prefix
# `uhash_<major>_<minor>_` of the workspace version (build.rs derives the
# same prefix), and every object carries a .note.GNU-stack section. Fails
# when no archive is found, so it cannot pass vacuously.
set -euo pipefail
here=$(dirname "$0")
version=$(sed -n 's/^version = "\([0-9]*\)\.\([0-9]*\)\..*/\1_\2/p' "$here/../Cargo.toml" | head -n1)
[ -n "$version" ] || { echo "check-symbols: no workspace version in Cargo.toml" >&2; exit 1; }
prefix="uhash_${version}_"
dirs=("${@:-target}")
mapfile -t libs < <(find "${dirs[@]}" -path '*/build/uhash-asm-*/out/libuhash_asm.a' 2>/dev/null | sort)
if [ "${#libs[@]}" -eq 0 ]; then
  echo "check-symbols: no libuhash_asm.a under ${dirs[*]} (build with --features uhash-asm/asm first)" >&2
  exit 1
fi
status=0
for lib in "${libs[@]}"; do
  syms=$(nm -g --defined-only "$lib" | awk 'NF >= 3 { print $3 }')
  bad=$(printf '%s\n' "$syms" | grep -v "^$prefix" | grep -v '^$' || true)
  n=$(printf '%s\n' "$syms" | grep -c "^$prefix" || true)
  if [ -n "$bad" ]; then
    echo "check-symbols: $lib exports symbols without the $prefix prefix:" >&2
    printf '  %s\n' $bad >&2
    status=1
  fi
  if [ "$n" -eq 0 ]; then
    echo "check-symbols: $lib exports no $prefix symbol" >&2
    status=1
  fi
  nobj=$(ar t "$lib" | wc -l)
  nstack=$(readelf -S -W "$lib" | awk '/^File:/ { f = $2 } /\.note\.GNU-stack/ { print f }' | sort -u | wc -l)
  if [ "$nstack" -ne "$nobj" ]; then
    echo "check-symbols: $lib: only $nstack of $nobj objects have .note.GNU-stack" >&2
    status=1
  fi
  echo "check-symbols: $lib: $n $prefix symbols, $nobj objects, ok"
done
exit $status
