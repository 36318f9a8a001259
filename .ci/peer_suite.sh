#!/usr/bin/env bash
# RustCrypto's chacha20poly1305, its own test suite (RFC 8439 vectors, the
# Wycheproof sets, its doc tests), run with our Poly1305 in place of
# `poly1305` 0.9: the crate is fetched from the registry here, at CI time
# (nothing of it is copied into this repository), and its `poly1305`
# dependency is renamed to `poly1305-aes` by path — the Cargo rename a user
# writes. Default features, then `--all-features`.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VERSION=${PEER_VERSION:-0.11.0}
WORK="$ROOT/target/peer-suite"
rm -rf "$WORK"
mkdir -p "$WORK/fetch/src"

# A scratch package that depends on the exact version makes cargo download it.
cat >"$WORK/fetch/Cargo.toml" <<EOF
[package]
name = "fetch-peer"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
chacha20poly1305 = "=$VERSION"

[workspace]
EOF
: >"$WORK/fetch/src/lib.rs"
cargo fetch --manifest-path "$WORK/fetch/Cargo.toml"
crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"chacha20poly1305-$VERSION.crate" | head -1)
tar xzf "$crate" -C "$WORK"
SRC="$WORK/chacha20poly1305-$VERSION"

# The rename, and a workspace of its own (it sits under ours).
python3 - "$SRC/Cargo.toml" "$ROOT/crates/poly1305-aes" <<'EOF'
import sys
manifest, ours = sys.argv[1:]
text = open(manifest).read()
theirs = '[dependencies.poly1305]\nversion = "0.9"\n'
if theirs not in text:
    sys.exit(f"{manifest}: no `poly1305 = 0.9` dependency to rename")
text = text.replace(theirs, f'[dependencies.poly1305]\npackage = "poly1305-aes"\npath = "{ours}"\n')
open(manifest, "w").write(text + "\n[workspace]\n")
EOF

cd "$SRC"
export CARGO_TARGET_DIR="$WORK/target"
# Ours is the one linked, theirs is absent.
tree=$(cargo tree -e normal --prefix none)
grep -q '^poly1305-aes v' <<<"$tree" || { echo "poly1305-aes is not in the tree" >&2; exit 1; }
if grep -q '^poly1305 v' <<<"$tree"; then echo "RustCrypto's poly1305 is still in the tree" >&2; exit 1; fi
cargo test
cargo test --all-features
