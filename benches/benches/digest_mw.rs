//! Criterion bench of the `digest-mw` crate:
//!
//! * `digest_mw/fixed/<backend>/n<N>/<len>`: digestMW (b = 32, N output
//!   words; N = 1 is digest) of a `len`-byte random message under a key of
//!   t + N words, for every backend this CPU supports, at 1, 8 and 64 KiB
//!   (in cache);
//! * `digest_mw/long/<type>/<len>`: the long-message hashes
//!   `DigestMw{32,64,128,256}Hash` (16 KiB chunks, level 2 and 3) and the
//!   `DigestMw32Mac` tag, at 64 KiB.
//!
//! Throughput is in bytes. The registry rows (`uhash_bench::digest_mw`,
//! used by the `summary` command) and `digest_table` (the paper's Table 2)
//! time the same code.
//!
//! ```text
//! cargo bench -p uhash-bench --bench digest_mw
//! cargo bench -p uhash-bench --bench digest_mw -- 'fixed/avx512'
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use digest_mw::Engine;
use digest_mw::hash::{
    DigestMw32Hash, DigestMw32Mac, DigestMw64Hash, DigestMw128Hash, DigestMw256Hash,
};
use std::hint::black_box;
use uhash_base::mac::MacNonce;
use uhash_bench::fill_pseudo_random;

fn words(n: usize, seed: u64) -> Vec<u32> {
    let mut b = vec![0u8; 4 * n];
    fill_pseudo_random(&mut b, seed);
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect()
}

fn fixed(c: &mut Criterion) {
    let mut g = c.benchmark_group("digest_mw/fixed");
    for e in Engine::all_supported() {
        for n in [1usize, 2, 3, 4, 5, 8] {
            for len in [1024usize, 8192, 65536] {
                let mut msg = vec![0u8; len];
                fill_pseudo_random(&mut msg, len as u64);
                let key = words(len / 4 + n, 7);
                let mut out = vec![0u32; n];
                g.throughput(Throughput::Bytes(len as u64));
                g.bench_with_input(
                    BenchmarkId::new(format!("{}/n{n}", e.backend().name()), len),
                    &msg,
                    |b, m| {
                        b.iter(|| {
                            e.digest_mw(&key, black_box(m), &mut out).expect("valid");
                            black_box(&out);
                        });
                    },
                );
            }
        }
    }
    g.finish();
}

macro_rules! long {
    ($g:expr, $ty:ty, $name:literal, $msg:expr) => {{
        let mut h = <$ty>::from_seed(&[5; 16]);
        $g.bench_with_input(BenchmarkId::new($name, $msg.len()), &$msg, |b, m| {
            b.iter(|| {
                h.update(black_box(m));
                black_box(h.finalize_reset())
            });
        });
    }};
}

fn long(c: &mut Criterion) {
    let mut g = c.benchmark_group("digest_mw/long");
    let mut msg = vec![0u8; 65536];
    fill_pseudo_random(&mut msg, 9);
    g.throughput(Throughput::Bytes(msg.len() as u64));
    long!(g, DigestMw32Hash, "DigestMw32Hash", msg);
    long!(g, DigestMw64Hash, "DigestMw64Hash", msg);
    long!(g, DigestMw128Hash, "DigestMw128Hash", msg);
    long!(g, DigestMw256Hash, "DigestMw256Hash", msg);
    let mac = DigestMw32Mac::from_seed(&[6; 16]).expect("seeds never fail");
    let nonce = MacNonce::from_counter(1).expect("1 fits in 12 bytes");
    g.bench_with_input(
        BenchmarkId::new("DigestMw32Mac", msg.len()),
        &msg,
        |b, m| {
            b.iter(|| black_box(mac.authenticate(&nonce, black_box(m))));
        },
    );
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    fixed(&mut c);
    long(&mut c);
    c.final_summary();
}
