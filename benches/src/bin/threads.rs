//! `threads`: how much faster `uhash mac` computes on every core than on one,
//! on messages that stay in cache — one call of `uhash_cli::alg`'s `compute`
//! per sample, 1 and N threads alternating (so that load from other
//! processes hits both alike), wall clock, medians.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin threads -- [--rounds R] [--threads N] [--mib M] [ALG...]
//! ```
//!
//! `--mib M` times one message of M MiB instead of 4 and 16 MiB: at 1024
//! the message comes from memory (pages already mapped), which is how fast
//! the kernels read where page work is cheap; the first row, `read`, is the
//! plain read of the same buffer (`memory::xor_words`, contiguous shares).

use std::time::Instant;

use rayon::prelude::*;
use uhash_bench::{Message, memory};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut rounds = 41usize;
    let mut threads = std::thread::available_parallelism().map_or(2, usize::from);
    let mut sizes = vec![4usize, 16];
    let mut algs: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |what: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| {
                    eprintln!("{what} needs a positive number");
                    std::process::exit(2)
                })
        };
        match a.as_str() {
            "--rounds" => rounds = num("--rounds"),
            "--threads" => threads = num("--threads"),
            "--mib" => sizes = vec![num("--mib")],
            "-h" | "--help" => {
                println!("usage: threads [--rounds R] [--threads N] [--mib M] [ALG...]");
                return;
            }
            _ => algs.push(a),
        }
    }
    if algs.is_empty() {
        algs = [
            "nhx4-mac",
            "mmh32x4-mac",
            "sqhe64-mac",
            "digestmw128-mac",
            "poly1305-aes",
        ]
        .map(String::from)
        .to_vec();
    }
    let pools = [1, threads].map(|t| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .expect("thread pool")
    });
    println!(
        "speed-up of {threads} threads over 1, wall clock, median of {rounds} alternating calls each"
    );
    println!(
        "{:<16} {:>8} {:>12} {:>12} {:>8}",
        "alg", "size", "1 thread", "N threads", "speedup"
    );
    let keyed: Vec<_> = algs
        .iter()
        .map(|name| {
            let Some(a) = uhash_cli::alg::find(name) else {
                eprintln!("unknown algorithm {name}");
                std::process::exit(2);
            };
            let mut key = vec![0x5a; a.key_bytes];
            a.fix_random_key(&mut key);
            (a, a.key(&key).expect("valid key"), vec![1u8; a.nonce_bytes])
        })
        .collect();
    let level = memory::Level::detect();
    for mib in sizes {
        let msg = Message::new(mib << 20);
        let msg = msg.bytes();
        let row = |name: &str, run: &(dyn Fn() -> u64 + Sync)| {
            let mut t = [Vec::new(), Vec::new()];
            for _ in 0..rounds {
                for (i, pool) in pools.iter().enumerate() {
                    let start = Instant::now();
                    std::hint::black_box(pool.install(run));
                    t[i].push(start.elapsed().as_secs_f64());
                }
            }
            let (one, all) = (median(&mut t[0]), median(&mut t[1]));
            println!(
                "{:<16} {:>5} MiB {:>9.3} ms {:>9.3} ms {:>7.2}x",
                name,
                mib,
                one * 1e3,
                all * 1e3,
                one / all
            );
        };
        row("read", &|| {
            let share = msg.len().div_ceil(rayon::current_num_threads()).max(1);
            msg.par_chunks(share)
                .map(|c| memory::xor_words(c, level))
                .reduce(|| 0, |a, b| a ^ b)
        });
        for (a, keyed, nonce) in &keyed {
            row(a.name, &|| {
                keyed.compute(nonce, msg).map_or(0, |t| t.len() as u64)
            });
        }
    }
}
