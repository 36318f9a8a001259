#!/usr/bin/env bash
# Counts the instructions the ARMv4 kernels of the Square Hash paper's ARM7
# comparison execute per block (docs/sqh-arm7.md), from a qemu-arm trace:
#
#   MMH  = Toeplitz MMH32, n = 3: three calls of mmh32_sum_armv4
#   SQH1 = SQHasm2, w = 3:        sqh_asm2_w3_armv4
#   SQH2 = sqh2, w = 3:           sqh2_w3_armv4 (the paper's SQH2: carries
#                                 dropped only until MMH's security)
#   SQHE, w = 3:                  sqh_e_w3_armv4 (more carries dropped, weaker)
#
# (exported as uhash_<major>_<minor>_<name>, the prefix uhash-asm's build.rs
# derives from the workspace version; this script derives it the same way)
#
# over one 2112-bit and one 1056-bit block (tools/arm7/driver.c). The
# driver is built with the cross gcc from .ci/install.sh and run under
# `qemu-arm -one-insn-per-tb` (`-singlestep` on qemu < 8.1) with
# `-d exec,nochain`, which logs every executed instruction; each logged PC
# inside a kernel's symbol counts once. Counted: the kernels from their
# first to their last instruction (prologue, loop, epilogue, `bx lr`);
# not counted: the caller (the call itself, the Rust reductions).
#
# Beside the counts, a cycle estimate with the ARM7TDMI timings of its
# Technical Reference Manual (ARM DDI 0210, "Instruction cycle timings"):
# data processing 1, LDR 3, STR 2, LDM of n registers n+2, STM n+1, taken
# branch / BX 3 (not taken 1), UMULL m+2, UMLAL m+3, with m = 4 (a
# multiplier operand with a non-zero top byte: all but 2^-8 of random
# words; the paper's "multiplication usually requires 6 cycles").
#
#   bash tools/arm7_count.sh            # prints the table
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC_ARM:-arm-linux-gnueabihf-gcc}
objdump=${OBJDUMP_ARM:-arm-linux-gnueabihf-objdump}
nm=${NM_ARM:-arm-linux-gnueabihf-nm}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The symbol prefix uhash-asm's build.rs gives the kernels: uhash_<major>_<minor>_
# of the workspace version.
ver=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\([0-9]*\)\.\([0-9]*\)\..*/\1_\2/p' "$root/Cargo.toml")
prefix=uhash_${ver}_
"$cc" -O1 -marm -static -DUHASH_PREFIX="$prefix" -I"$root/asm/include" "$root/tools/arm7/driver.c" \
  "$root/asm/armv4/sqh.S" "$root/asm/armv4/mmh.S" -o "$work/driver"
"$nm" -S "$work/driver" | grep -E " ${prefix}(mmh32_sum|sqh_asm2_w3|sqh_e_w3|sqh2_w3)_armv4\$" > "$work/syms"
"$objdump" -d --no-show-raw-insn "$work/driver" > "$work/dis"

if qemu-arm -h | grep -q -- '-one-insn-per-tb'; then one=-one-insn-per-tb; else one=-singlestep; fi
for words in 66 33; do
  qemu-arm "$one" -d exec,nochain -D "$work/trace.$words" "$work/driver" "$words" > "$work/out.$words"
done

python3 - "$work" "$prefix" <<'PY'
import re, sys
work, prefix = sys.argv[1], sys.argv[2]
syms = {}
for line in open(f"{work}/syms"):
    addr, size, _, name = line.split()
    syms[name] = (int(addr, 16), int(size, 16))
insn = {}
for line in open(f"{work}/dis"):
    m = re.match(r"\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
    if m:
        insn[int(m.group(1), 16)] = (m.group(2), m.group(3).split(";")[0].strip())

def nregs(ops):
    lst = ops[ops.index("{") + 1: ops.index("}")]
    n = 0
    for part in lst.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            n += int(b[1:]) - int(a[1:]) + 1
        else:
            n += 1
    return n

M = 4
def classify(op, ops, taken):
    """(class, modelled ARM7TDMI cycles)."""
    base = op.split(".")[0]
    if base.startswith("umull"):
        return "mul", M + 2
    if base.startswith("umlal"):
        return "mul", M + 3
    if base.startswith(("ldm", "pop")):
        return "mem", nregs(ops) + 2
    if base.startswith(("stm", "push")):
        return "mem", nregs(ops) + 1
    if base.startswith("ldr"):
        return "mem", 3
    if base.startswith("str"):
        return "mem", 2
    if re.fullmatch(r"b(x|eq|ne|hs|cs|lo|cc|mi|pl)?", base) or base == "b":
        return "ctl", 3 if taken else 1
    first = ops.split(",")[0].strip()
    if base in ("cmp", "tst") or (base in ("subs", "adds", "rsb", "movs", "lsls") and first == "r2"):
        return "ctl", 1
    extra = 1 if re.search(r"(lsl|lsr|asr|ror) r\d", ops) else 0
    return "alu", 1 + extra

res = {}
for words in (66, 33):
    pcs = []
    for line in open(f"{work}/trace.{words}"):
        m = re.match(r"Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pcs.append(int(m.group(1), 16))
    for name, (lo, size) in syms.items():
        c = {"n": 0, "mul": 0, "mem": 0, "alu": 0, "ctl": 0, "cyc": 0, "ctlcyc": 0, "calls": 0}
        for i, pc in enumerate(pcs):
            if not (lo <= pc < lo + size):
                continue
            if pc == lo:
                c["calls"] += 1
            op, ops = insn[pc]
            nxt = pcs[i + 1] if i + 1 < len(pcs) else None
            cls, cyc = classify(op, ops, nxt is not None and nxt != pc + 4)
            c["n"] += 1
            c[cls] += 1
            c["cyc"] += cyc
            if cls == "ctl":
                c["ctlcyc"] += cyc
        res[(name, words)] = c

# (label, symbol, the paper's row it is compared with; None: not in the paper)
names = [("MMH (3 x MMH32)", prefix + "mmh32_sum_armv4", "MMH"),
         ("SQH1 = SQHasm2", prefix + "sqh_asm2_w3_armv4", "SQH1"),
         ("SQH2 = sqh2", prefix + "sqh2_w3_armv4", "SQH2"),
         ("SQHE (weaker)", prefix + "sqh_e_w3_armv4", None)]
paper = {66: {"MMH": 2061, "SQH1": 1659, "SQH2": 1575},
         33: {"MMH": 1086, "SQH1": 856, "SQH2": 816}}
for words in (66, 33):
    bits = 32 * words
    print(f"\n{bits}-bit block ({words} words, {words // 3} elements of 96 bits), kernels only")
    print("| kernel | calls | instructions | multiplies | loads/stores | ALU | loop/branch | ARM7TDMI cycles (model) | of which loop/branch | paper cycles |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, sym, row in names:
        c = res[(sym, words)]
        p = paper[words][row] if row else "—"
        print(f"| {label} | {c['calls']} | {c['n']} | {c['mul']} | {c['mem']} | {c['alu']} | {c['ctl']} | {c['cyc']} | {c['ctlcyc']} | {p} |")
    mmh = res[(names[0][1], words)]
    print("\n| ratio MMH / SQH (speed-up) | instructions | model cycles | model cycles without loop/branch | paper (cycles) |")
    print("|---|---|---|---|---|")
    for label, sym, row in names[1:]:
        c = res[(sym, words)]
        p = f"{paper[words]['MMH'] / paper[words][row]:.2f}" if row else "—"
        nb = (mmh['cyc'] - mmh['ctlcyc']) / (c['cyc'] - c['ctlcyc'])
        print(f"| {label} | {mmh['n'] / c['n']:.2f} | {mmh['cyc'] / c['cyc']:.2f} | {nb:.2f} | {p} |")
PY
