//! A speed harness, not a test of speed: `cargo test -p umac --release
//! --features asm --test suite speed:: -- --ignored --nocapture` prints, for UMAC-64
//! and UMAC-128 on every backend, TSC cycles per byte at 64 B, 1 KiB and
//! 64 KiB (long-term key, nonce incremented per message, big-endian as
//! OpenSSH's sequence number), per-message cycles, and the key set-up
//! cycles: the median of 51 batches, the lowest of three such runs (on a
//! shared machine a batch that another process interrupts is slow, never
//! fast). `UMAC_SPEED=avx512` limits it to one backend. x86-64 Linux only.
#![cfg(all(target_arch = "x86_64", target_os = "linux"))]
#![allow(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;
use umac::{Engine32, Umac64, Umac128, UmacNonce};

fn tsc() -> u64 {
    // SAFETY: RDTSC is present on every x86-64 CPU and has no memory effect.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// Wall-clock nanoseconds (a cross-check of the TSC at 2.7 GHz).
fn wall_ns() -> f64 {
    thread_local!(static T0: Instant = Instant::now());
    T0.with(|t| t.elapsed().as_nanos() as f64)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// The lowest of three medians of `f`'s 51 batches.
fn best_of_3(mut f: impl FnMut() -> (f64, f64)) -> (f64, f64) {
    (0..3)
        .map(|_| f())
        .fold((f64::MAX, f64::MAX), |a, b| (a.0.min(b.0), a.1.min(b.1)))
}

macro_rules! bench {
    ($ty:ident, $name:expr, $e:expr, $session:expr) => {{
        let mut storage = vec![0u8; (64 << 10) + 64];
        let off = storage.as_ptr().align_offset(64);
        for (i, b) in storage.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(131).wrapping_add(7);
        }
        let buf = &storage[off..off + (64 << 10)];
        let mac = $ty::new_with_engine(b"abcdefghijklmnop", $e);
        let mut session = mac.session();
        let mut ctr = 0u64;
        for len in [64usize, 1024, 64 << 10] {
            let iters = match len {
                64 => 20000,
                1024 => 4000,
                _ => 100,
            };
            let (m, w) = best_of_3(|| {
                let (mut t, mut w) = (Vec::new(), Vec::new());
                for _ in 0..51 {
                    let (w0, t0) = (wall_ns(), tsc());
                    for _ in 0..iters {
                        ctr += 1;
                        let n = UmacNonce::from_counter(ctr);
                        if $session {
                            black_box(session.authenticate(&n, black_box(&buf[..len])).ok());
                        } else {
                            black_box(mac.authenticate(&n, black_box(&buf[..len])).ok());
                        }
                    }
                    let (t1, w1) = (tsc(), wall_ns());
                    t.push((t1 - t0) as f64 / (iters * len) as f64);
                    w.push((w1 - w0) * 2.7 / (iters * len) as f64);
                }
                (median(t), median(w))
            });
            println!(
                "{:<34} {:>6} B: {:7.3} TSC c/B {:7.3} wall c/B@2.7GHz ({:8.1} c/msg)",
                $name,
                len,
                m,
                w,
                m * len as f64
            );
        }
        let (ks, _) = best_of_3(|| {
            let mut ks = Vec::new();
            for _ in 0..51 {
                let t0 = tsc();
                for _ in 0..200 {
                    black_box($ty::new_with_engine(black_box(b"abcdefghijklmnop"), $e));
                }
                ks.push((tsc() - t0) as f64 / 200.0);
            }
            (median(ks), 0.0)
        });
        println!("{:<34} key setup: {:8.0} TSC cycles", $name, ks);
    }};
}

#[test]
#[ignore = "a speed harness: run with --release -- --ignored --nocapture"]
fn speed() {
    let only = std::env::var("UMAC_SPEED").ok();
    for e in Engine32::all_supported() {
        if only.as_deref().is_some_and(|b| b != e.backend().name()) {
            continue;
        }
        bench!(Umac64, format!("umac Umac64 {e}"), e, false);
        bench!(Umac64, format!("umac Umac64 {e} session"), e, true);
        bench!(Umac128, format!("umac Umac128 {e}"), e, false);
    }
}
