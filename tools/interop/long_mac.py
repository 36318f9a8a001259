#!/usr/bin/env python3
"""An independent implementation, in Python, of uhash's shared machinery:
key expansion, the long-message hash (MMH32 or NH level 1) and the
Wegman–Carter MAC, straight from docs/kat.md and the uhash-base docs.
AES comes from the `openssl` command line, so nothing here shares code with
the Rust crates. It prints `uhash kat` records with their expected outputs;
crates/uhash-cli/tests/suite/kat/ and the families' tests/long.rs pins some of them.

usage: tools/interop/long_mac.py
"""
import json
import struct
import subprocess

P32 = 2**32 + 15
P64 = 2**64 + 13
P130 = 2**130 - 5


def aes_ecb(key: bytes, blocks: bytes) -> bytes:
    return subprocess.run(
        ["openssl", "enc", "-aes-128-ecb", "-nopad", "-K", key.hex()],
        input=blocks, capture_output=True, check=True).stdout


def label(family, lanes, level, index):
    return family * 2**48 + lanes * 2**40 + level * 2**32 + index


def expand(seed: bytes, lab: int, n: int) -> bytes:
    nb = (n + 15) // 16
    blocks = b"".join(struct.pack("<QQ", lab, j) for j in range(nb))
    return aes_ecb(seed, blocks)[:n]


def words(b: bytes, w: int):
    return [int.from_bytes(b[i:i + w], "little") for i in range(0, len(b), w)]


def mmh32(key, msg):
    return (sum(m * x for m, x in zip(msg, key)) % 2**64) % P32 % 2**32


def mmh64(key, msg):
    return (sum(m * x for m, x in zip(msg, key)) % 2**128) % P64 % 2**64


def nh(key, msg):
    s = 0
    for i in range(0, len(msg), 2):
        s += ((msg[i] + key[i]) % 2**32) * ((msg[i + 1] + key[i + 1]) % 2**32)
    return s % 2**64


MMH32, NH = 0x0101, 0x0104


def long_hash(seed, family, n, chunk, msg):
    k = chunk // 4
    if family == MMH32:
        l1_words, lane_bits, l3_len = k + n - 1, 32, 20
    else:
        l1_words, lane_bits, l3_len = k + 2 * (n - 1), 64, 24
    key = words(expand(seed, label(family, n, 1, 0), 4 * l1_words), 4)
    out = b""
    chunks = [msg[i:i + chunk].ljust(chunk, b"\0") for i in range(0, len(msg), chunk)]
    for lane in range(n):
        if family == MMH32:
            ys = [mmh32(key[lane:lane + k], words(c, 4)) for c in chunks]
        else:
            ys = [nh(key[2 * lane:2 * lane + k], words(c, 4)) for c in chunks]
        k2 = int.from_bytes(expand(seed, label(family, n, 2, lane), 16), "little")
        z = 0
        for y in ys + [len(msg)]:
            z = (z + y) * k2 % P130
        k3 = expand(seed, label(family, n, 3, lane), l3_len)
        if lane_bits == 32:
            v = mmh32(words(k3, 4), [(z >> (32 * i)) % 2**32 for i in range(5)])
        else:
            v = mmh64(words(k3, 8), [(z >> (64 * i)) % 2**64 for i in range(3)])
        out += v.to_bytes(lane_bits // 8, "little")
    return out


def wc_mac(pad_key, nonce, lane_bits, h):
    nb = (len(h) + 15) // 16
    pad = aes_ecb(pad_key, b"".join(nonce + struct.pack("<I", j) for j in range(nb)))
    lb = lane_bits // 8
    out = b""
    for i in range(0, len(h), lb):
        s = (int.from_bytes(h[i:i + lb], "little") + int.from_bytes(pad[i:i + lb], "little")) % 2**lane_bits
        out += s.to_bytes(lb, "little")
    return out


def mac_keys(seed, family, n):
    """The two keys of a MAC built from a seed: the seed that keys its hash
    (level 0xfe; never the seed itself) and the pad key (level 0xff)."""
    return expand(seed, label(family, n, 0xfe, 0), 16), expand(seed, label(family, n, 0xff, 0), 16)


def long_mac(seed, family, n, chunk, nonce, msg):
    hash_seed, pad_key = mac_keys(seed, family, n)
    h = long_hash(hash_seed, family, n, chunk, msg)
    return wc_mac(pad_key, nonce, 32 if family == MMH32 else 64, h)


if __name__ == "__main__":
    seed = bytes(range(16))
    nonce = bytes.fromhex("000102030405060708090a0b")
    msg = bytes(range(13))
    recs = [
        ({"fn": "expand", "key": "2b7e151628aed2a6abf7158809cf4f3c", "msg": "",
          "params": {"label": label(MMH32, 2, 2, 1), "len": 16}},
         expand(bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c"), label(MMH32, 2, 2, 1), 16)),
        ({"fn": "wc_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": "ff" * 16,
          "params": {"lane_bits": 32}}, wc_mac(seed, nonce, 32, b"\xff" * 16)),
        ({"fn": "wc_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": "ff" * 24,
          "params": {"lane_bits": 64}}, wc_mac(seed, nonce, 64, b"\xff" * 24)),
        ({"fn": "long_hash", "key": seed.hex(), "msg": msg.hex(),
          "params": {"family": MMH32, "n": 2, "chunk": 8}}, long_hash(seed, MMH32, 2, 8, msg)),
        ({"fn": "long_hash", "key": seed.hex(), "msg": "",
          "params": {"family": MMH32, "n": 1, "chunk": 8}}, long_hash(seed, MMH32, 1, 8, b"")),
        ({"fn": "long_hash", "key": seed.hex(), "msg": (b"\xff" * 40).hex(),
          "params": {"family": NH, "n": 2, "chunk": 16}}, long_hash(seed, NH, 2, 16, b"\xff" * 40)),
        ({"fn": "long_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": msg.hex(),
          "params": {"family": MMH32, "n": 2, "chunk": 8}}, long_mac(seed, MMH32, 2, 8, nonce, msg)),
        ({"fn": "long_mac", "key": seed.hex(), "nonce": nonce.hex(), "msg": msg.hex(),
          "params": {"family": NH, "n": 1, "chunk": 8}}, long_mac(seed, NH, 1, 8, nonce, msg)),
    ]
    for rec, out in recs:
        rec["out"] = out.hex()
        print(json.dumps(rec))
