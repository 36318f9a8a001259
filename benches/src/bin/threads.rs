//! `threads`: how much faster `uhash mac` computes on every core than on one,
//! on messages that stay in cache — one call of `uhash_cli::alg`'s `compute`
//! per sample, 1 and N threads alternating (so that load from other
//! processes hits both alike), wall clock, medians.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin threads -- [--rounds R] [--threads N] [ALG...]
//! ```

use std::time::Instant;

use uhash_bench::Message;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut rounds = 41usize;
    let mut threads = std::thread::available_parallelism().map_or(2, usize::from);
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
            "-h" | "--help" => {
                println!("usage: threads [--rounds R] [--threads N] [ALG...]");
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
    for name in &algs {
        let Some(a) = uhash_cli::alg::find(name) else {
            eprintln!("unknown algorithm {name}");
            std::process::exit(2);
        };
        let mut key = vec![0x5a; a.key_bytes];
        a.fix_random_key(&mut key);
        let keyed = a.key(&key).expect("valid key");
        let nonce = vec![1u8; a.nonce_bytes];
        for mib in [4usize, 16] {
            let msg = Message::new(mib << 20);
            let msg = msg.bytes();
            let mut t = [Vec::new(), Vec::new()];
            for _ in 0..rounds {
                for (i, pool) in pools.iter().enumerate() {
                    let start = Instant::now();
                    let out = pool.install(|| keyed.compute(&nonce, msg));
                    t[i].push(start.elapsed().as_secs_f64());
                    std::hint::black_box(out.ok());
                }
            }
            let (one, all) = (median(&mut t[0]), median(&mut t[1]));
            println!(
                "{:<16} {:>5} MiB {:>9.3} ms {:>9.3} ms {:>7.2}x",
                a.name,
                mib,
                one * 1e3,
                all * 1e3,
                one / all
            );
        }
    }
}
