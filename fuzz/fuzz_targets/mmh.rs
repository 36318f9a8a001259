//! Differential fuzzing of the `mmh` crate against the big-integer
//! reference: the fuzzer picks the words of a key and a message (biased
//! towards 0 and all-ones), the Toeplitz output count, a chunk size and a
//! split of the message; every backend this CPU supports must equal the
//! plain definition, and the long-message hash fed in any split must equal
//! the reference composition.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mmh::long::{Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};
use mmh::{Engine32, Engine64};
use uhash_core::long::{ChunkHash, LongHash};
use uhash_ref::kdf::{expand, label};

/// A 32-bit word from the input, biased: a control byte picks 0, all-ones,
/// 15 (the fold constant) or the next four bytes.
fn word32(d: &mut &[u8]) -> u32 {
    let (c, rest) = match d.split_first() {
        Some((c, r)) => (*c, r),
        None => return 0,
    };
    *d = rest;
    match c % 8 {
        0 => 0,
        1 => u32::MAX,
        2 => 15,
        _ => {
            let mut b = [0u8; 4];
            for x in &mut b {
                if let Some((v, r)) = d.split_first() {
                    *x = *v;
                    *d = r;
                }
            }
            u32::from_le_bytes(b)
        }
    }
}

fn le32(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn words64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The fixed-length functions of every engine against the reference.
fn fixed(key: &[u32], msg: &[u32], n: usize) {
    let bytes = le32(msg);
    for e in Engine32::all_supported() {
        assert_eq!(
            e.mmh32(key, &bytes).ok(),
            uhash_ref::mmh::mmh32(key, msg).ok()
        );
        assert_eq!(
            e.nmh32(key, &bytes).ok(),
            uhash_ref::mmh::nmh32(key, msg).ok()
        );
        assert_eq!(e.nh(key, &bytes).ok(), uhash_ref::nh::nh(key, msg).ok());
        let mut o32 = vec![0u32; n];
        let got = e.mmh32_toeplitz(key, &bytes, &mut o32).map(|()| o32);
        assert_eq!(got.ok(), uhash_ref::mmh::mmh32_toeplitz(key, msg, n).ok());
        let mut o64 = vec![0u64; n];
        let got = e.nh_toeplitz(key, &bytes, &mut o64).map(|()| o64);
        assert_eq!(got.ok(), uhash_ref::nh::nh_toeplitz(key, msg, n).ok());
    }
    // MMH64 on the same bytes read as 64-bit words.
    let k64: Vec<u64> = key
        .chunks(2)
        .map(|c| u64::from(c[0]) | u64::from(*c.get(1).unwrap_or(&0)) << 32)
        .collect();
    let b64 = &bytes[..bytes.len() / 8 * 8];
    let m64 = words64(b64);
    for e in Engine64::all_supported() {
        assert_eq!(
            e.mmh64(&k64, b64).ok(),
            uhash_ref::mmh::mmh64(&k64, &m64).ok()
        );
    }
}

/// `LongHash` over a kernel, the message fed in the pieces of `splits`.
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

/// The reference composition of family `fam` (0 MMH32, 1 NMH32, 2 MMH64,
/// 3 NH) with `n` lanes and `chunk`-byte chunks.
fn reference(fam: u8, n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let f = 0x0101 + u16::from(fam);
    let k = chunk / 4;
    let (l1_bytes, lane_bits, l3) = match fam {
        0 => (4 * (k + n - 1), 32, 20),
        1 => (4 * k, 32, 20),
        2 => (chunk, 64, 24),
        _ => (4 * (k + 2 * (n - 1)), 64, 24),
    };
    let key = expand(seed, label(f, n as u8, 1, 0), l1_bytes);
    let l2: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, n as u8, 2, i as u32), 16))
        .collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, n as u8, 3, i as u32), l3))
        .collect();
    let l1 = |c: &[u8]| -> Vec<u64> {
        match fam {
            0 => uhash_ref::mmh::mmh32_toeplitz(&words32(&key), &words32(c), n)
                .unwrap()
                .into_iter()
                .map(u64::from)
                .collect(),
            1 => vec![u64::from(
                uhash_ref::mmh::nmh32(&words32(&key), &words32(c)).unwrap(),
            )],
            2 => vec![uhash_ref::mmh::mmh64(&words64(&key), &words64(c)).unwrap()],
            _ => uhash_ref::nh::nh_toeplitz(&words32(&key), &words32(c), n).unwrap(),
        }
    };
    uhash_ref::long::long_hash(&l1, chunk, lane_bits, &l2, &l3, msg).unwrap()
}

/// The long-message hash of every engine against the reference.
fn long(fam: u8, n: usize, chunk_units: usize, seed: &[u8; 16], msg: &[u8], splits: &[usize]) {
    const CAP: usize = 1024;
    let (fam, n) = match fam % 4 {
        0 => (0, n),
        1 => (1, 1),
        2 => (2, 1),
        _ => (3, n),
    };
    let chunk = if fam == 0 {
        4 * chunk_units
    } else {
        8 * chunk_units
    };
    let want = reference(fam, n, chunk, seed, msg);
    macro_rules! lanes {
        ($kernel:ident, $e:expr) => {
            match n {
                1 => production(seed, msg, splits, |ks| {
                    $kernel::<1, CAP>::from_key_stream_with(ks, chunk, $e)
                }),
                2 => production(seed, msg, splits, |ks| {
                    $kernel::<2, CAP>::from_key_stream_with(ks, chunk, $e)
                }),
                3 => production(seed, msg, splits, |ks| {
                    $kernel::<3, CAP>::from_key_stream_with(ks, chunk, $e)
                }),
                _ => production(seed, msg, splits, |ks| {
                    $kernel::<4, CAP>::from_key_stream_with(ks, chunk, $e)
                }),
            }
        };
    }
    for e in Engine32::all_supported() {
        let got = match fam {
            0 => lanes!(Mmh32Kernel, e),
            1 => production(seed, msg, splits, |ks| {
                Nmh32Kernel::<CAP>::from_key_stream_with(ks, chunk, e)
            }),
            3 => lanes!(NhKernel, e),
            _ => continue,
        };
        assert_eq!(
            got,
            want,
            "family {fam} n {n} chunk {chunk} {}",
            e.backend()
        );
    }
    if fam == 2 {
        for e in Engine64::all_supported() {
            let got = production(seed, msg, splits, |ks| {
                Mmh64Kernel::<CAP>::from_key_stream_with(ks, chunk, e)
            });
            assert_eq!(got, want, "MMH64 chunk {chunk} {}", e.backend());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&ctl, mut d)) = data.split_first() else {
        return;
    };
    let Some((&sizes, rest)) = d.split_first() else {
        return;
    };
    d = rest;
    let n = 1 + usize::from(ctl % 8);
    if ctl & 0x80 == 0 {
        // fixed length: k words of message, k + 2n words of key
        let k = 1 + usize::from(sizes % 64);
        let msg: Vec<u32> = (0..k).map(|_| word32(&mut d)).collect();
        let key: Vec<u32> = (0..k + 2 * n).map(|_| word32(&mut d)).collect();
        fixed(&key, &msg, n);
    } else {
        // long: seed, chunk, splits, then the message
        let mut seed = [0u8; 16];
        for s in &mut seed {
            if let Some((v, r)) = d.split_first() {
                *s = *v;
                d = r;
            }
        }
        let chunk_units = 1 + usize::from(sizes % 32);
        let splits: Vec<usize> = d.iter().take(3).map(|&b| usize::from(b)).collect();
        let msg = d.get(3..).unwrap_or(&[]);
        let msg = &msg[..msg.len().min(2048)];
        long((ctl >> 3) & 3, n.min(4), chunk_units, &seed, msg, &splits);
    }
});
