#!/usr/bin/env python3
"""Writes the seed corpora of fuzz/corpus/<target>/: short inputs that
describe long messages (uhash_fuzz::message: a length, a fill, a seed), one
per backend index and per interesting size, so that every run starts at the
fast paths. Run from anywhere; rewrites fuzz/corpus/*/seed-*."""
import json, os, struct, pathlib

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
ROOT = HERE.parent

def u16(v): return struct.pack("<H", v)
def u32(v): return struct.pack("<I", v)
def u64(v): return struct.pack("<Q", v)

def expanded(length, unit, fill=2, seed=0x0123456789abcdef, patch=b""):
    """A message() description of `length` bytes: mode (expanded, fill),
    the length as k·unit + δ (form 1) or any (form 0), the seed, offset 0."""
    mode = 1 | (fill << 3)
    if length % unit == 0 and length // unit < 65536:
        form = bytes([1]) + u16(length // unit) + bytes([16])
    else:
        form = bytes([0]) + u32(length)
    return bytes([mode]) + form + u64(seed) + u32(0) + patch

def literal(data):
    return bytes([0]) + data

def write(target, name, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / f"seed-{name}").write_bytes(data)

def clean():
    for d in CORPUS.glob("*"):
        for f in d.glob("seed-*"):
            f.unlink()

KEY32 = bytes(range(1, 33))
NONCE16 = bytes(range(0x40, 0x50))
CUTS = bytes([0x81, 0x40, 0x7f, 0x85])   # a unit, half, all, 5 units

def poly1305():
    sizes = [0, 15, 255, 256, 257, 1023, 1024, 1040, 4096 + 15, 8 * 1024]
    for b in range(8):
        for i, n in enumerate(sizes):
            fill = [2, 1, 3][i % 3]
            write("poly1305_aes", f"b{b}-len{n}", bytes([b]) + KEY32 + NONCE16 + CUTS + expanded(n, 16, fill))

def poly1305_long():
    seg = 64 * 1024
    for b in range(8):
        for threads in range(3):
            for n in (255, 2 * seg, 2 * seg + 17, 3 * seg, 8 * seg, 8 * seg + 4096):
                write("poly1305_aes_long", f"b{b}-t{threads + 2}-len{n}",
                      bytes([b, threads, 7]) + KEY32 + NONCE16 + expanded(n, seg, 2 + (n % 2)))

def words_length(n, unit=16):
    """A uhash_fuzz::length() description of exactly n (a multiple of unit)."""
    return bytes([1]) + u16(n // unit) + bytes([16])

def mmh():
    for b in range(6):
        for e64 in range(3):
            for f in range(6):
                # from a seed: 4096 and 112 words (4095 + 1, 111 + 1), n = 8 and 3
                write("mmh", f"e{b}-{e64}-f{f}-fixed4096", bytes([b, e64, f, 0x87]) + words_length(4080) + u64(7))
                write("mmh", f"e{b}-{e64}-f{f}-fixed112", bytes([b, e64, f, 0x82]) + words_length(112) + u64(9))
        write("mmh", f"e{b}-short", bytes([b, 0, b % 6, 0x01, 8]) + bytes([1, 0, 7] * 24))

def mmh_long():
    for b in range(6):
        for fam in range(4):
            for full, n in [(0x80, 16384), (0x80, 2 * 16384 + 100), (7, 999)]:
                ctl = 3   # n = 4 lanes
                write("mmh_long", f"e{b}-fam{fam}-c{full}-len{n}",
                      bytes([b, b % 3, ctl, fam, full]) + bytes(range(16)) + CUTS + expanded(n, 8, 2 + (n % 2)))
        for k in (2, 9, 40):
            write("mmh_long", f"e{b}-tree{k}", bytes([b, 0, 0x80, k - 2]) + bytes(range(16)) + CUTS + expanded(3000, 4 * k, 2))

def digest_mw():
    for e in range(4):
        for f in range(3):
            for b in range(3):
                write("digest_mw", f"e{e}-f{f}-b{b}-fixed4096", bytes([e, f, b, 7, 9, 0x40]) + words_length(4080) + u64(5))
                write("digest_mw", f"e{e}-f{f}-b{b}-fixed96", bytes([e, f, b, 2, 3, 0x40]) + words_length(96) + u64(6))

def digest_mw_long():
    for e in range(4):
        for lanes in (0, 3, 7):
            for full, n in [(0x80, 16384 + 4), (0x80, 32768), (63, 5000)]:
                write("digest_mw_long", f"e{e}-l{lanes}-c{full}-len{n}",
                      bytes([e, lanes, full]) + bytes(range(16)) + CUTS + expanded(n, 4, 2 + (n % 2)))

def sqh():
    for e in range(3):
        for w in range(5):
            for v in range(8):
                write("sqh", f"e{e}-w{w}-v{v}-fixed128", bytes([e, w, 3, v, 0x41]) + words_length(120, 8) + u64(11))

def sqh_long():
    for e in range(3):
        for w in range(5):
            for c, n in [(0x80, 20000), (0xc0, 36 * 1024), (0x47, 3000)]:
                write("sqh_long", f"e{e}-w{w}-c{c}-len{n}",
                      bytes([e, w, c]) + bytes(range(16)) + CUTS + expanded(n, 4, 2 + (n % 2)))

def umac():
    for e in range(6):
        for ctrl in (0, 1, 2, 3, 0x23):
            for n in (0, 33, 1024, 1025, 4096):
                write("umac", f"e{e}-c{ctrl}-len{n}",
                      bytes([e]) + b"abcdefghijklmnop" + bytes([ctrl, 7]) + b"bcdefghi" + bytes(8) + CUTS + expanded(n, 1024, 2 + (n % 2)))

def umac_long():
    for e in range(6):
        for ctrl in (0, 1, 2, 3, 0x23):
            for n in (1025, 4096, 9 * 1024 + 7, 16 * 1024):
                write("umac_long", f"e{e}-c{ctrl}-len{n}",
                      bytes([e]) + b"abcdefghijklmnop" + bytes([ctrl, 7]) + b"bcdefghi" + bytes(8) + CUTS + bytes([0]) + expanded(n, 1024, 2 + (n % 2)))
        # Across the 16 MiB switch: δ = +100 and −1 bytes, input bytes near the end.
        for ctrl, delta in ((0, 4196), (1, 4095)):
            write("umac_long", f"e{e}-c{ctrl}-switch{delta - 4096}",
                  bytes([e]) + b"abcdefghijklmnop" + bytes([ctrl, 7]) + b"bcdefghi" + bytes(8) + CUTS + bytes([37])
                  + u16(delta) + u16(8000) + u16(5) + b"near the switch")

def nhpoly1305():
    for e in range(4):
        for ctrl in (0, 1, 2, 0x12):
            head = bytes([e, ctrl]) + (u64(0x0123456789abcdef) if ctrl % 4 >= 2 else b"")
            for n in (0, 16, 19, 256, 1024, 1040, 2048, 8 * 1024):
                write("nhpoly1305", f"e{e}-c{ctrl}-len{n}",
                      head + CUTS + expanded(n, 1024 if n % 1024 == 0 else 16, 2 + (n % 2)))

def dfc():
    for s in range(8):
        for c in range(2):
            head = bytes([s, c]) + (b"\x04" + u64(0xfedcba9876543210)) * 3
            for sel, n in [(0xa0, 64 * 1024), (0xe5, 4096), (0x20, 0)]:
                cipher = bytes([15]) + bytes(range(32)) + bytes(16) if sel & 0x20 else b""
                write("dfc_strategies", f"s{s}-c{c}-sel{sel:x}-len{n}",
                      head + bytes([sel]) + cipher + CUTS + expanded(n, 8, 2))

def core():
    for n in (0, 16, 1024, 8 * 1024):
        write("core_reductions", f"len{n}", bytes([0xff] * 48) + bytes([0xff] * 16) + expanded(n, 16, 1))
        write("core_reductions", f"rnd{n}", bytes(range(48)) + bytes(range(16)) + expanded(n, 16, 2))

def kat():
    lines = []
    for f in sorted((ROOT / "tests" / "vectors").glob("*.jsonl")):
        for l in f.read_text().splitlines():
            r = json.loads(l)
            if len(r.get("msg", "")) <= 256 and r.get("msg_len", 0) <= 128:
                lines.append(l)
    names = {
        "mmh32": {}, "mmh32_toeplitz": {"n": 2}, "nmh32": {}, "mmh64": {}, "nh": {},
        "nh_toeplitz": {"n": 2}, "digest": {"b": 32}, "digest_mw": {"b": 16, "n": 3},
        "digest_trunc": {"b": 64, "bits": 20}, "digest_prime": {"b": 16},
        "dfc_module": {}, "dfc_hash": {}, "dfc_encrypt": {}, "sqh": {"w": 2}, "sqhu": {"w": 1},
        "sqh_star": {"w": 3}, "sqh_asm2": {"w": 4}, "sqh_e": {"w": 5},
        "expand": {"label": 7, "len": 40}, "long_hash": {"family": 257, "n": 2, "chunk": 64},
        "digest_mw_long_hash": {"n": 3, "chunk": 32},
    }
    for name, params in names.items():
        msg = "" if name == "expand" else ("00" * 8 if name == "dfc_module" else "ff" * 16 if name != "dfc_encrypt" else "11" * 16)
        if name in ("sqh", "sqhu"):
            msg = "ff" * (4 * params["w"])
        rec = {"fn": name, "key": "ab" * 64, "msg": msg}
        if params:
            rec["params"] = params
        lines.append(json.dumps(rec))
    for mac in ("long_mac", "wc_mac", "digest_mw_long_mac"):
        p = {"long_mac": {"family": 260, "n": 1, "chunk": 64}, "wc_mac": {"lane_bits": 32},
             "digest_mw_long_mac": {"n": 1, "chunk": 16}}[mac]
        lines.append(json.dumps({"fn": mac, "key": "cd" * 16, "msg": "01" * 16, "nonce": "02" * 12, "params": p}))
    lines.append('{"fn":"mmh32","key":"0100000002000000","msg":"0300000004000000","out":1e999,"src":[-1e400]}')
    lines.append("not json")
    for i, chunk in enumerate(range(0, len(lines), 8)):
        body = "\n".join(lines[chunk:chunk + 8]).encode() + b"\n"
        write("kat_parser", f"lines{i}-prod", bytes([0]) + body)
        write("kat_parser", f"lines{i}-ref", bytes([1]) + body)
        write("kat_parser", f"lines{i}-backend", bytes([2 | (i % 20) << 2]) + body)

if __name__ == "__main__":
    clean()
    poly1305(); poly1305_long(); mmh(); mmh_long(); digest_mw(); digest_mw_long()
    sqh(); sqh_long(); umac(); umac_long(); nhpoly1305(); dfc(); core(); kat()
    for d in sorted(CORPUS.iterdir()):
        files = list(d.glob("seed-*"))
        print(f"{d.name}: {len(files)} seeds, {sum(f.stat().st_size for f in files)} bytes")
