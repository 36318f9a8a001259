#!/usr/bin/env bash
# Installs everything the CI needs on a fresh machine of this kind. Idempotent.
set -euo pipefail
step() { printf '\n==> %s\n' "$*"; }

APT_PKGS=(qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-s390x-linux-gnu
  libc6-dev-s390x-cross libssl-dev pkg-config gnuplot-nox
  valgrind)  # valgrind: the constant-time step (memcheck and its headers)
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

step "rustup components and targets"
rustup component add rustfmt clippy >/dev/null 2>&1 || true
rustup target add aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf \
  s390x-unknown-linux-gnu thumbv7em-none-eabi
# The MSRV (the workspace's rust-version) for the MSRV check.
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' "$(dirname "$0")/../Cargo.toml")
rustup toolchain list | grep -q "^$msrv" || rustup toolchain install "$msrv" --profile minimal
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
rustup +nightly component add miri rust-src >/dev/null

if ! cargo fuzz --version >/dev/null 2>&1; then
  step "cargo install cargo-fuzz"
  cargo install cargo-fuzz --locked
fi
