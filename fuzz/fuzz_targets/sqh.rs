//! Differential fuzzing of the `sqh` crate against the big-integer
//! reference `uhash_ref::sqh`: the fuzzer picks w, the words of a key and a
//! message (biased towards 0, all-ones and values near the fold constant
//! c_w), a Toeplitz output count, a chunk size and a split of a message;
//! every backend this CPU supports must equal the reference for every
//! variant, SQH, SQHU and Toeplitz, and the long-message hash fed in any
//! split must equal the reference composition.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqh::long::{Asm2Kernel, SqheKernel, lane_bits, lanes};
use sqh::{Elem, Engine, Variant};
use uhash_core::long::{ChunkHash, LongHash};
use uhash_ref::kdf::{expand, label};
use uhash_ref::sqh as r;

fn byte(d: &mut &[u8]) -> u8 {
    match d.split_first() {
        Some((c, rest)) => {
            *d = rest;
            *c
        }
        None => 0,
    }
}

/// A biased 32-bit word.
fn word32(d: &mut &[u8]) -> u32 {
    match byte(d) % 8 {
        0 => 0,
        1 => u32::MAX,
        2 => u32::from(byte(d) % 64),
        3 => u32::MAX - u32::from(byte(d) % 64),
        _ => u32::from_le_bytes([byte(d), byte(d), byte(d), byte(d)]),
    }
}

fn le32(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn ref_fn(v: Variant) -> r::VecFn {
    match v {
        Variant::Star => r::sqh_star,
        Variant::Asm => r::sqh_asm,
        Variant::Asm2 => r::sqh_asm2,
        Variant::C => r::sqh_c,
        Variant::C2 => r::sqh_c2,
        Variant::E => r::sqh_e,
        Variant::Asm2ModP => r::sqh_asm2_mod_p,
        Variant::Sqh2 => r::sqh2,
    }
}

fn out<const W: usize>(e: &Elem<W>, len: usize) -> Vec<u8> {
    let mut o = vec![0u8; len];
    e.write_le_bytes(&mut o);
    o
}

fn fixed<const W: usize>(key: &[u32], msg: &[u8], n: usize) {
    let w = W as u32;
    let rk = r::elements_le(&le32(key), w);
    let rm = r::elements_le(msg, w);
    for v in Variant::ALL {
        let want = ref_fn(v)(w, &rk, &rm).ok().map(|x| r::to_le(&x, v.out_bytes(W)));
        let want_t = r::toeplitz(ref_fn(v), w, &rk, &rm, n)
            .ok()
            .map(|xs| xs.iter().map(|x| r::to_le(x, v.out_bytes(W))).collect::<Vec<_>>());
        for e in Engine::all_supported() {
            let got = e.hash::<W>(v, key, msg).ok().map(|x| out(&x, v.out_bytes(W)));
            // The reference also rejects a partial element; production too.
            if msg.len() % (4 * W) == 0 {
                assert_eq!(got, want, "{} w={W} {}", v.name(), e.backend());
            } else {
                assert!(got.is_none());
            }
            let mut o = vec![Elem::<W>::ZERO; n];
            let got_t = e
                .toeplitz::<W>(v, key, msg, &mut o)
                .ok()
                .map(|()| o.iter().map(|x| out(x, v.out_bytes(W))).collect::<Vec<_>>());
            if msg.len() % (4 * W) == 0 {
                assert_eq!(got_t, want_t, "toeplitz {} w={W}", v.name());
            }
        }
    }
    if msg.len() >= 4 * W && key.len() >= 2 * W + 1 {
        let m = &msg[..4 * W];
        let x = uhash_ref::BigUint::from_bytes_le(&le32(&key[..W]));
        let b = uhash_ref::BigUint::from_bytes_le(&le32(&key[W..=2 * W]));
        let mm = uhash_ref::BigUint::from_bytes_le(m);
        let want_sqh = r::sqh(w, &x, &mm).ok().map(|v| r::to_le(&v, 4 * W + 4));
        let want_sqhu = r::sqhu(w, &x, &b, &mm).ok().map(|v| r::to_le(&v, 4 * W + 4));
        for e in Engine::all_supported() {
            assert_eq!(e.sqh::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)), want_sqh);
            assert_eq!(e.sqhu::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)), want_sqhu);
        }
    }
}

fn production<H: ChunkHash>(
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
    make: impl FnOnce(&mut uhash_core::kdf::KeyStream) -> Result<H, uhash_core::Error>,
) -> Vec<u8> {
    let mut h = LongHash::<H>::from_seed_with_kernel(seed, make).unwrap();
    let mut rest = msg;
    for &s in splits {
        let s = s.min(rest.len());
        h.update(&rest[..s]);
        rest = &rest[s..];
    }
    h.update(rest);
    let mut out = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut out).unwrap();
    out
}

fn reference_long(fam: u16, w: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let n = lanes(w);
    let b = lane_bits(w);
    let key = expand(seed, label(fam, n as u8, 1, 0), chunk);
    let rk = r::elements_le(&key, w as u32);
    let l2: Vec<Vec<u8>> = (0..n).map(|i| expand(seed, label(fam, n as u8, 2, i as u32), 16)).collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(fam, n as u8, 3, i as u32), if b == 32 { 20 } else { 24 }))
        .collect();
    let l1 = |c: &[u8]| -> Vec<u64> {
        let rm = r::elements_le(c, w as u32);
        let f = if fam == 0x020A { r::sqh_asm2 } else { r::sqh_e };
        let v = r::to_le(&f(w as u32, &rk, &rm).unwrap(), 4 * w);
        v.chunks_exact(b as usize / 8)
            .map(|l| {
                let mut buf = [0u8; 8];
                buf[..l.len()].copy_from_slice(l);
                u64::from_le_bytes(buf)
            })
            .collect()
    };
    uhash_ref::long::long_hash(&l1, chunk, b, &l2, &l3, msg).unwrap()
}

fn long<const W: usize>(e_variant: bool, chunk_elems: usize, seed: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let chunk = chunk_elems * 4 * W;
    let fam = if e_variant { 0x020D } else { 0x020A };
    let want = reference_long(fam, W, chunk, seed, msg);
    for e in Engine::all_supported() {
        let got = if e_variant {
            production(seed, msg, splits, |ks| SqheKernel::<W>::from_key_stream_with(ks, chunk, e))
        } else {
            production(seed, msg, splits, |ks| Asm2Kernel::<W>::from_key_stream_with(ks, chunk, e))
        };
        assert_eq!(got, want, "long fam {fam:#x} w={W} chunk={chunk} {}", e.backend());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut d = data;
    let w = 1 + usize::from(byte(&mut d) % 5);
    let n = 1 + usize::from(byte(&mut d) % 4);
    let key_words = usize::from(byte(&mut d)) % 120;
    let msg_bytes = usize::from(byte(&mut d)) * 2;
    let key: Vec<u32> = (0..key_words).map(|_| word32(&mut d)).collect();
    let msg: Vec<u8> = le32(&(0..msg_bytes.div_ceil(4)).map(|_| word32(&mut d)).collect::<Vec<_>>())
        .into_iter()
        .take(msg_bytes)
        .collect();
    match w {
        1 => fixed::<1>(&key, &msg, n),
        2 => fixed::<2>(&key, &msg, n),
        3 => fixed::<3>(&key, &msg, n),
        4 => fixed::<4>(&key, &msg, n),
        _ => fixed::<5>(&key, &msg, n),
    }
    // Long messages: a seed, a chunk of 1..=8 elements, a few splits.
    let mut seed = [0u8; 16];
    for s in &mut seed {
        *s = byte(&mut d);
    }
    let chunk_elems = 1 + usize::from(byte(&mut d) % 8);
    let e_variant = byte(&mut d) & 1 == 1;
    let splits: Vec<usize> = (0..3).map(|_| usize::from(byte(&mut d))).collect();
    match w {
        1 => long::<1>(e_variant, chunk_elems, &seed, &msg, &splits),
        2 => long::<2>(e_variant, chunk_elems, &seed, &msg, &splits),
        3 => long::<3>(e_variant, chunk_elems, &seed, &msg, &splits),
        4 => long::<4>(e_variant, chunk_elems, &seed, &msg, &splits),
        _ => long::<5>(e_variant, chunk_elems, &seed, &msg, &splits),
    }
});
