//! Micro timing of every backend (run by hand in release mode):
//!
//! ```text
//! cargo test --release -p poly1305-aes --features asm --test timing -- --ignored --nocapture
//! ```
//!
//! Median nanoseconds per message (and cycles/byte at a nominal 2.7 GHz)
//! over 15 samples, the backends interleaved sample by sample: `Poly1305`
//! one-time keys (`compute_unpadded`, a fresh key per message, powers
//! per message) and `Poly1305Aes::authenticate` (pad included). The loop
//! uses only calls that the crate had before its `engine!` conversion too
//! (`new_with_backend`, `with_backend`, `authenticate`), so that the same
//! file times both versions on one machine.

use poly1305_aes::{Backend, Engine, Nonce, Poly1305, Poly1305Aes};
use std::hint::black_box;
use std::time::Instant;

#[test]
#[ignore = "timing, run by hand in release mode"]
fn timing() {
    let backends: Vec<Backend> = Engine::all_supported().map(|e| e.backend()).collect();
    let key = [0x0cu8; 32];
    let nonce = Nonce::from_bytes([3; 16]);
    for size in [16usize, 64, 256, 1024, 4096, 65536] {
        let msg: Vec<u8> = (0..size).map(|i| (i * 131 + 7) as u8).collect();
        let iters = ((1usize << 22) / size).clamp(200, 1 << 16);
        let mut samples = vec![Vec::with_capacity(15); 2 * backends.len()];
        for _ in 0..15 {
            for (v, &b) in backends.iter().enumerate() {
                let t = Instant::now();
                for _ in 0..iters {
                    let p = Poly1305::new_with_backend(black_box(&key), b).unwrap();
                    black_box(p.compute_unpadded(black_box(&msg)));
                }
                samples[2 * v].push(t.elapsed().as_secs_f64() * 1e9 / iters as f64);
                let mac = Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap();
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(mac.authenticate(black_box(&nonce), black_box(&msg)));
                }
                samples[2 * v + 1].push(t.elapsed().as_secs_f64() * 1e9 / iters as f64);
            }
        }
        for (v, &b) in backends.iter().enumerate() {
            let med = |s: &mut Vec<f64>| {
                s.sort_by(f64::total_cmp);
                s[7]
            };
            let one = med(&mut samples[2 * v]);
            let aes = med(&mut samples[2 * v + 1]);
            println!(
                "{size:>6} B {:>12}: Poly1305 {one:>10.1} ns ({:.3} c/B)   Poly1305Aes {aes:>10.1} ns ({:.3} c/B)",
                b.to_string(),
                one * 2.7 / size as f64,
                aes * 2.7 / size as f64
            );
        }
    }
}
