//! Micro timing of every backend (run by hand in release mode):
//!
//! ```text
//! cargo test --release -p poly1305-aes --features asm --test suite timing:: -- --ignored --nocapture
//! ```
//!
//! Nanoseconds per message (and cycles/byte at a nominal 2.7 GHz), the
//! minimum over 21 samples of this thread's CPU time (Linux
//! `CLOCK_THREAD_CPUTIME_ID`; wall time elsewhere), so that other
//! processes on a loaded machine count as little as possible; the backends
//! interleaved sample by sample. Rows: `Poly1305` one-time keys
//! (`compute_unpadded`, a fresh key per message, powers per message) and
//! `Poly1305Aes::authenticate` (pad included). The loop uses only calls
//! that the crate had before its `engine!` conversion too
//! (`new_with_backend`, `with_backend`, `authenticate`), so that the same
//! file times both versions on one machine.

use poly1305_aes::{Backend, Engine, Nonce, Poly1305, Poly1305Aes};
use std::hint::black_box;
use std::time::Instant;

/// This thread's CPU time in nanoseconds (Linux
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
#[cfg(target_os = "linux")]
fn cpu_ns() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid `struct timespec` (two 64-bit fields on the
    // 64-bit Linux targets this harness runs on) for the call to write.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| t.sec as u64 * 1_000_000_000 + t.nsec as u64)
}

/// No thread CPU clock here: wall time.
#[cfg(not(target_os = "linux"))]
fn cpu_ns() -> Option<u64> {
    None
}

/// Nanoseconds that `f` takes (CPU time where available, else wall time).
fn time(f: impl FnOnce()) -> f64 {
    let (c, t) = (cpu_ns(), Instant::now());
    f();
    match (c, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64,
        _ => t.elapsed().as_secs_f64() * 1e9,
    }
}

#[test]
#[ignore = "timing, run by hand in release mode"]
fn timing() {
    let backends: Vec<Backend> = Engine::all_supported().map(|e| e.backend()).collect();
    let key = [0x0cu8; 32];
    let nonce = Nonce::from_bytes([3; 16]);
    for size in [16usize, 64, 256, 1024, 4096, 65536] {
        let msg: Vec<u8> = (0..size).map(|i| (i * 131 + 7) as u8).collect();
        let iters = ((1usize << 22) / size).clamp(2000, 1 << 16);
        let mut samples = vec![f64::INFINITY; 2 * backends.len()];
        for _ in 0..21 {
            for (v, &b) in backends.iter().enumerate() {
                let one = time(|| {
                    for _ in 0..iters {
                        let p = Poly1305::new_with_backend(black_box(&key), b).unwrap();
                        black_box(p.compute_unpadded(black_box(&msg)));
                    }
                }) / iters as f64;
                samples[2 * v] = samples[2 * v].min(one);
                let mac = Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap();
                let aes = time(|| {
                    for _ in 0..iters {
                        black_box(mac.authenticate(black_box(&nonce), black_box(&msg)));
                    }
                }) / iters as f64;
                samples[2 * v + 1] = samples[2 * v + 1].min(aes);
            }
        }
        for (v, &b) in backends.iter().enumerate() {
            let (one, aes) = (samples[2 * v], samples[2 * v + 1]);
            println!(
                "{size:>6} B {:>12}: Poly1305 {one:>10.1} ns ({:.3} c/B)   Poly1305Aes {aes:>10.1} ns ({:.3} c/B)",
                b.to_string(),
                one * 2.7 / size as f64,
                aes * 2.7 / size as f64
            );
        }
    }
}
