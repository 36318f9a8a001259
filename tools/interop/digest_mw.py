#!/usr/bin/env python3
"""An independent implementation, in Python, of the digest-mw names of
`uhash kat`: digestMW (Nguyen-Roscoe Fig. 2, written from the double-index
formula), the long-message hash over it (family 0x0320, key C/4 + n words)
and its Wegman-Carter MAC, using the shared machinery of long_mac.py (AES
from the `openssl` command line). It prints `uhash kat` records with their
expected outputs; crates/uhash-cli/tests/suite/kat/ and the families' tests/long.rs pins them.

usage: tools/interop/digest_mw.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from long_mac import P130, expand, label, mmh32, wc_mac, words  # noqa: E402

DIGEST_MW32 = 0x0300 + 32


def digest_mw(b, key, msg, n):
    """d_i = sum_j [m_j k_{i+j-1} + (m_j k_{i+j} div 2^b)] mod 2^b."""
    return [sum(m * key[i + j] + (m * key[i + j + 1] >> b) for j, m in enumerate(msg)) % 2**b
            for i in range(n)]


def long_hash(seed, n, chunk, msg):
    k = chunk // 4
    key = words(expand(seed, label(DIGEST_MW32, n, 1, 0), 4 * (k + n)), 4)
    chunks = [msg[i:i + chunk].ljust(chunk, b"\0") for i in range(0, len(msg), chunk)]
    ys = [digest_mw(32, key, words(c, 4), n) for c in chunks]
    out = b""
    for lane in range(n):
        k2 = int.from_bytes(expand(seed, label(DIGEST_MW32, n, 2, lane), 16), "little")
        z = 0
        for y in [y[lane] for y in ys] + [len(msg)]:
            z = (z + y) * k2 % P130
        k3 = expand(seed, label(DIGEST_MW32, n, 3, lane), 20)
        v = mmh32(words(k3, 4), [(z >> (32 * i)) % 2**32 for i in range(5)])
        out += v.to_bytes(4, "little")
    return out


def long_mac(seed, n, chunk, nonce, msg):
    # The MAC built from a seed keys its hash from the seed under level 0xfe
    # (never the seed itself) and its pads from the seed under level 0xff.
    h = long_hash(expand(seed, label(DIGEST_MW32, n, 0xfe, 0), 16), n, chunk, msg)
    return wc_mac(expand(seed, label(DIGEST_MW32, n, 0xff, 0), 16), nonce, 32, h)


if __name__ == "__main__":
    seed = bytes(range(16))
    nonce = bytes.fromhex("000102030405060708090a0b")
    msg = bytes(range(13))
    recs = [
        ({"fn": "digest_mw_long_hash", "key": seed.hex(), "msg": msg.hex(),
          "params": {"n": 2, "chunk": 8}}, long_hash(seed, 2, 8, msg)),
        ({"fn": "digest_mw_long_hash", "key": seed.hex(), "msg": "",
          "params": {"n": 1, "chunk": 8}}, long_hash(seed, 1, 8, b"")),
        ({"fn": "digest_mw_long_hash", "key": seed.hex(), "msg": (b"\xff" * 40).hex(),
          "params": {"n": 4, "chunk": 16}}, long_hash(seed, 4, 16, b"\xff" * 40)),
        ({"fn": "digest_mw_long_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": msg.hex(),
          "params": {"n": 2, "chunk": 8}}, long_mac(seed, 2, 8, nonce, msg)),
        ({"fn": "digest_mw_long_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": msg.hex(),
          "params": {"n": 8, "chunk": 12}}, long_mac(seed, 8, 12, nonce, msg)),
    ]
    for rec, out in recs:
        rec["out"] = out.hex()
        print(json.dumps(rec))
