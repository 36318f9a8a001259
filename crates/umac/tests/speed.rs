//! A speed harness, not a test of speed: `cargo test -p umac --release
//! --features asm --test speed -- --ignored --nocapture` prints, for UMAC-64
//! and UMAC-128 on every backend, the median TSC cycles per byte (and the
//! thread CPU time at 2.7 GHz) at 64 B, 1 KiB and 64 KiB (long-term key,
//! nonce incremented per message, big-endian as OpenSSH's), per-message
//! cycles, and the key set-up cycles. x86-64 Linux only.
#![cfg(all(target_arch = "x86_64", target_os = "linux"))]
#![allow(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;
use umac::{Engine32, Umac64, Umac128, UmacNonce};

fn tsc() -> u64 {
    // SAFETY: RDTSC is present on every x86-64 CPU and has no memory effect.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// The thread's CPU time in nanoseconds (CLOCK_THREAD_CPUTIME_ID through
/// `/proc` would be slow; std has no thread clock, so use the process'
/// user+sys time from `getrusage`-free `Instant` as a fallback: wall).
fn wall_ns() -> f64 {
    thread_local!(static T0: Instant = Instant::now());
    T0.with(|t| t.elapsed().as_nanos() as f64)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
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
            let (mut t, mut w) = (Vec::new(), Vec::new());
            for _ in 0..51 {
                let (w0, t0) = (wall_ns(), tsc());
                for _ in 0..iters {
                    ctr += 1;
                    let n = UmacNonce::from_counter(ctr);
                    if $session {
                        black_box(session.authenticate(&n, black_box(&buf[..len])));
                    } else {
                        black_box(mac.authenticate(&n, black_box(&buf[..len])));
                    }
                }
                let (t1, w1) = (tsc(), wall_ns());
                t.push((t1 - t0) as f64 / (iters * len) as f64);
                w.push((w1 - w0) * 2.7 / (iters * len) as f64);
            }
            let m = median(t);
            println!(
                "{:<34} {:>6} B: {:7.3} TSC c/B {:7.3} wall c/B@2.7GHz ({:8.1} c/msg)",
                $name,
                len,
                m,
                median(w),
                m * len as f64
            );
        }
        let mut ks = Vec::new();
        for _ in 0..51 {
            let t0 = tsc();
            for _ in 0..200 {
                black_box($ty::new_with_engine(black_box(b"abcdefghijklmnop"), $e));
            }
            ks.push((tsc() - t0) as f64 / 200.0);
        }
        println!("{:<34} key setup: {:8.0} TSC cycles", $name, median(ks));
    }};
}

#[test]
#[ignore = "a speed harness: run with --release -- --ignored --nocapture"]
fn speed() {
    for e in Engine32::all_supported() {
        bench!(Umac64, format!("umac Umac64 {e}"), e, false);
        bench!(Umac64, format!("umac Umac64 {e} session"), e, true);
        bench!(Umac128, format!("umac Umac128 {e}"), e, false);
    }
}
