#!/usr/bin/env bash
# Runs test binaries on an emulated AVX-512 + IFMA CPU, for machines without
# one (correctness only: the emulator says nothing about speed).
#
#   bash tools/bochs_avx512.sh crates/poly1305-aes/src/lib.rs crates/mmh/tests/suite/main.rs:fixed:: ...
#
# Each argument names a test target by its source file (optionally
# `path:filter` to pass a test-name filter). The script builds those test
# binaries statically (release, every family's `asm` feature), boots a
# Debian cloud kernel with a busybox initramfs in Bochs (CPU model
# `corei3_cnl`: AVX-512 F/BW/VL/DQ/CD, IFMA, VBMI, BMI2, ADX; no VBMI2),
# runs them with UHASH_EXPECT_X86 set from the guest's /proc/cpuinfo (so a
# backend the emulated CPU has but the tests skip is a failure), and prints
# the serial console. Work files go to $BX_DIR (default target/bochs).
#
# Known limits, found while building this (Bochs 2.7 from Debian 12):
# - ADCX/ADOX are emulated wrongly: a chain of xor/adcx/adox gives other
#   sums than real hardware and a Python model of the Intel SDM, so the
#   `mulx`/`adx` Poly1305 assembly kernel (asm/x86_64/poly1305.S) fails
#   under Bochs while it passes on hardware. Its failures here are expected.
# - The kernel rejects Bochs' XSAVE layout (PKRU offset 0, XSAVES size) and
#   would disable AVX: hence `clearcpuid=xsavec,xsaves,pku`.
# - The `corei7_icelake_u` and `tigerlake` models (which have VBMI2) hang
#   early in this kernel's boot (also with `clearcpuid=waitpkg`), so the
#   IFMA+VBMI2 kernels cannot be run.
# - Slow: the boot took about 1.5 minutes here and a proptest binary
#   minutes; keep PROPTEST_CASES small (default 16).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BX=${BX_DIR:-$ROOT/target/bochs}
mkdir -p "$BX"

need=()
for p in bochs:bochs bochsbios:/usr/share/bochs/BIOS-bochs-latest isolinux:/usr/lib/ISOLINUX/isolinux.bin \
  syslinux-common:/usr/lib/syslinux/modules/bios/ldlinux.c32 xorriso:xorriso cpio:cpio busybox-static:/bin/busybox; do
  f=${p#*:}
  if ! { [ -e "$f" ] || command -v "$f" >/dev/null; }; then need+=("${p%%:*}"); fi
done
if [ ${#need[@]} -gt 0 ]; then apt-get install -y -q "${need[@]}" >/dev/null; fi

if ! ls "$BX"/kernel/boot/vmlinuz-* >/dev/null 2>&1; then
  pkg=$(apt-cache search --names-only '^linux-image-[0-9.]+-[0-9]+-cloud-amd64$' | sort -V | tail -1 | cut -d' ' -f1)
  (cd "$BX" && apt-get download "$pkg" >/dev/null 2>&1 && dpkg-deb -x "$pkg"_*.deb kernel)
fi

# Static test binaries, and which source file each one tests.
FEATURES=poly1305-aes/asm,uhash-mmh/asm,sqh/asm,digest-mw/asm,dfc-decorr/asm
CARGO_TARGET_DIR="$BX/target" RUSTFLAGS="-C target-feature=+crt-static" UHASH_CI=1 \
  cargo test --no-run --release --target x86_64-unknown-linux-gnu \
  -p poly1305-aes -p uhash-mmh -p sqh -p digest-mw -p dfc-decorr -p uhash-base --features "$FEATURES" \
  --message-format=json 2>/dev/null | python3 -c '
import sys, json
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["target"]["src_path"].replace(sys.argv[1] + "/", ""), m["executable"])' "$ROOT" >"$BX/tests.txt"

rm -rf "$BX/root" "$BX/iso"
mkdir -p "$BX"/root/{bin,proc,sys,dev,tmp,t} "$BX/iso/isolinux"
cp /bin/busybox "$BX/root/bin/"
for a in sh mount poweroff echo cat grep cut sed tr sync sleep; do ln -sf busybox "$BX/root/bin/$a"; done
# The tests read their vector files by absolute path (CARGO_MANIFEST_DIR,
# with `..` in it: every crate directory must exist).
for c in crates/*/; do mkdir -p "$BX/root$ROOT/$c"; done
for d in crates/poly1305-aes/tests/vectors crates/umac/tests/vectors crates/dfc-decorr/tests/vectors; do
  mkdir -p "$BX/root$ROOT/$d" && cp -r "$d/." "$BX/root$ROOT/$d/"
done
i=0
for spec in "$@"; do
  src=${spec%%:*}; filt=""
  case "$spec" in *:*) filt=${spec#*:} ;; esac
  exe=$(awk -v s="$src" '$1 == s { print $2 }' "$BX/tests.txt")
  [ -n "$exe" ] || { echo "no test target for $src" >&2; exit 2; }
  i=$((i + 1)); dst=$BX/root/t/$(printf %02d $i)-$(echo "${src%.rs}" | tr / _)
  strip --strip-debug -o "$dst" "$exe"
  echo "--test-threads=1 $filt" >"$dst.args"
done
cat >"$BX/root/init" <<EOF
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev  # /dev/urandom for the tests that seed from the OS
export PATH=/bin TMPDIR=/tmp PROPTEST_CASES=${PROPTEST_CASES:-16} UHASH_EXPECT_ASM=1
UHASH_EXPECT_X86=\$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2 | sed 's/avx512_vbmi2/avx512vbmi2/g' | tr -s ' ' '\n' | grep -xE 'avx2|bmi2|adx|aes|sse2|avx512(f|bw|vl|ifma|vbmi2)' | tr '\n' ',' | sed 's/,\$//')
export UHASH_EXPECT_X86
echo "BX-START UHASH_EXPECT_X86=\$UHASH_EXPECT_X86"
cd /tmp
for t in /t/*; do
  case "\$t" in *.args) continue ;; esac
  echo "BX-RUN \$t"; "\$t" \$(cat "\$t.args"); echo "BX-EXIT \$? \$t"
done
echo "BX-DONE"
sync; sleep 3  # let the serial console drain
poweroff -f
EOF
chmod +x "$BX/root/init"
(cd "$BX/root" && find . | cpio -o -H newc 2>/dev/null | gzip -1 >"$BX/iso/isolinux/initrd.gz")
cp "$BX"/kernel/boot/vmlinuz-* "$BX/iso/isolinux/vmlinuz"
cp /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 "$BX/iso/isolinux/"
cat >"$BX/iso/isolinux/isolinux.cfg" <<'EOF'
DEFAULT t
PROMPT 0
TIMEOUT 0
LABEL t
  KERNEL vmlinuz
  APPEND initrd=initrd.gz console=ttyS0,115200 panic=-1 nokaslr mitigations=off tsc=reliable lpj=5000000 no_timer_check nopku noxsaves clearcpuid=xsavec,xsaves,pku
EOF
(cd "$BX" && xorriso -as mkisofs -quiet -o t.iso -b isolinux/isolinux.bin -c isolinux/boot.cat \
  -no-emul-boot -boot-load-size 4 -boot-info-table iso)
cat >"$BX/bochsrc" <<'EOF'
megs: 1536
cpu: model=corei3_cnl, ips=200000000
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
ata0-master: type=cdrom, path=t.iso, status=inserted
boot: cdrom
com1: enabled=1, mode=file, dev=serial.out
display_library: rfb, options="timeout=0"
speaker: enabled=0
log: bochs.log
panic: action=fatal
error: action=report
info: action=ignore
clock: sync=none, time0=local
EOF
rm -f "$BX/serial.out"
# Debian's Bochs is built with its debugger: `c` starts the machine.
(cd "$BX" && printf 'c\nq\n' | timeout "${BX_TIMEOUT:-7200}" bochs -q -f bochsrc >bochs.stdout 2>&1) || true
sed -n '/BX-START/,$p' "$BX/serial.out"
grep -q BX-DONE "$BX/serial.out"
