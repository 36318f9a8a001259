//! `Poly1305Aes::authenticate_parallel` (feature `rayon`) against
//! `authenticate` on one thread: wall-clock time per message and the
//! speed-up, for pools of 1 and 2 threads (or `--threads N`), at message
//! sizes in cache (256 KiB, 1 MiB) and in memory (64 MiB).
//!
//! ```text
//! cargo run -p uhash-bench --release --bin poly1305_parallel -- [--rounds R] [--threads N]
//! ```
//!
//! Per size, R rounds (default 31); each round times a batch of
//! one-thread calls and a batch of parallel calls, back to back (so that
//! load from other processes hits both alike), and the speed-up of the
//! round is their ratio. Prints the median time per message of each and
//! the median of the per-round ratios, and the TSC cycles/byte at 2.7 GHz.

use std::hint::black_box;
use std::time::Instant;

use poly1305_aes::{Nonce, Poly1305Aes};
use uhash_bench::fill_pseudo_random;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut rounds = 31usize;
    let mut threads = vec![1usize, 2];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--rounds R")
            }
            "--threads" => {
                threads = vec![
                    args.next()
                        .and_then(|v| v.parse().ok())
                        .expect("--threads N"),
                ];
            }
            _ => {
                eprintln!("usage: poly1305_parallel [--rounds R] [--threads N]");
                std::process::exit(2);
            }
        }
    }
    let mut key = [0u8; 32];
    fill_pseudo_random(&mut key, 0x9a7);
    for i in [19, 23, 27, 31] {
        key[i] &= 15;
    }
    for i in [20, 24, 28] {
        key[i] &= 252;
    }
    let mac = Poly1305Aes::new(&key).expect("clamped");
    let nonce = Nonce::from_u128(1);
    println!(
        "backend {}, {} rounds, wall clock; cycles/byte at 2.7 GHz",
        mac.backend(),
        rounds
    );
    println!(
        "{:>8} {:>7} | {:>12} {:>8} | {:>12} {:>8} | {:>8}",
        "size", "threads", "1 thread µs", "cpb", "parallel µs", "cpb", "speed-up"
    );
    for size in [256 << 10, 1 << 20, 64 << 20] {
        let mut msg = vec![0u8; size];
        fill_pseudo_random(&mut msg, size as u64);
        let iters = ((8 << 20) / size).max(1);
        for &n in &threads {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("pool");
            assert_eq!(
                pool.install(|| mac.authenticate_parallel(&nonce, &msg)),
                mac.authenticate(&nonce, &msg)
            );
            let (mut one, mut par, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..rounds {
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(mac.authenticate(&nonce, black_box(&msg)));
                }
                let a = t.elapsed().as_secs_f64() / iters as f64;
                let t = Instant::now();
                pool.install(|| {
                    for _ in 0..iters {
                        black_box(mac.authenticate_parallel(&nonce, black_box(&msg)));
                    }
                });
                let b = t.elapsed().as_secs_f64() / iters as f64;
                one.push(a);
                par.push(b);
                ratio.push(a / b);
            }
            let (a, b) = (median(&mut one), median(&mut par));
            let cpb = |s: f64| s * 2.7e9 / size as f64;
            println!(
                "{:>7}K {:>7} | {:>12.1} {:>8.3} | {:>12.1} {:>8.3} | {:>7.2}×",
                size >> 10,
                n,
                a * 1e6,
                cpb(a),
                b * 1e6,
                cpb(b),
                median(&mut ratio)
            );
        }
    }
}
