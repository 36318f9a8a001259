//! The paper's Appendix B table regenerated on this machine: Poly1305-AES
//! cycles per message at lengths 0..=48, then 64, 80, …, 4096, with a
//! long-term key k ‖ r (in cache) and a new nonce per message, for the
//! default backend, the portable soft backend and the floating-point
//! backend (and any other forced with `--backend NAME`).
//!
//! ```text
//! cargo run -p uhash-bench --release --bin poly1305_appendix_b -- [--out DIR] [--ghz F] [--backend NAME]...
//! ```
//!
//! A light timing loop (not criterion): per length and backend, 15 batches
//! of calls on the thread CPU clock (`UHASH_BENCH_CLOCK=wall` for the wall
//! clock), the median batch divided by its call count, in TSC cycles
//! (seconds × GHz). Writes `appendix_b.csv` and `appendix_b.svg` to DIR
//! (default `target/poly1305-appendix-b`) and prints the table.

use std::hint::black_box;
use std::path::PathBuf;

use poly1305_aes::{Backend, Nonce, Poly1305Aes};
use uhash_bench::plot::{Plot, Series};
use uhash_bench::{Clock, fill_pseudo_random};

fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=48).collect();
    v.extend([
        64, 80, 96, 128, 160, 192, 224, 256, 320, 384, 448, 512, 768, 1024, 1536, 2048, 3072, 4096,
    ]);
    v
}

fn main() {
    let mut out = PathBuf::from("target/poly1305-appendix-b");
    let mut ghz = 2.7f64;
    let mut backends: Vec<(String, Option<Backend>)> = vec![
        (format!("default ({})", poly1305_aes::detect()), None),
        ("soft".into(), Some(Backend::Soft)),
        ("float".into(), Some(Backend::Float)),
    ];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = PathBuf::from(args.next().expect("--out DIR")),
            "--ghz" => ghz = args.next().and_then(|g| g.parse().ok()).expect("--ghz F"),
            "--backend" => {
                let name = args.next().expect("--backend NAME");
                let b = Backend::from_name(&name).expect("known backend name");
                backends.push((name, Some(b)));
            }
            _ => {
                eprintln!("usage: poly1305_appendix_b [--out DIR] [--ghz F] [--backend NAME]...");
                std::process::exit(2);
            }
        }
    }
    let clock = Clock::from_env();
    let mut key = [0u8; 32];
    fill_pseudo_random(&mut key, 0xb0b);
    for i in [19, 23, 27, 31] {
        key[i] &= 15;
    }
    for i in [20, 24, 28] {
        key[i] &= 252;
    }
    let mut msg = vec![0u8; 4096];
    fill_pseudo_random(&mut msg, 0xa11ce);
    let lens = lengths();
    let mut table: Vec<Vec<f64>> = Vec::new();
    let mut names = Vec::new();
    for (name, b) in &backends {
        let mac = Poly1305Aes::new(&key).expect("clamped key");
        let mac = match b {
            Some(b) => match mac.with_backend(*b) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("skipping {name}: {e}");
                    continue;
                }
            },
            None => mac,
        };
        names.push(name.clone());
        let mut col = Vec::new();
        let mut n = 0u128;
        for &len in &lens {
            let m = &msg[..len];
            let calls = (200_000 / (len + 64)).max(50) as u64;
            let mut samples: Vec<f64> = (0..15)
                .map(|_| {
                    let d = clock.time(|| {
                        for _ in 0..calls {
                            n += 1;
                            black_box(mac.authenticate(&Nonce::from_u128(n), black_box(m)));
                        }
                    });
                    d.as_secs_f64() * ghz * 1e9 / calls as f64
                })
                .collect();
            samples.sort_by(f64::total_cmp);
            col.push(samples[samples.len() / 2]);
        }
        table.push(col);
    }
    std::fs::create_dir_all(&out).expect("create output directory");
    let mut csv = String::from("length");
    for n in &names {
        csv += &format!(",{n} cycles");
    }
    csv.push('\n');
    println!(
        "Poly1305-AES cycles per message (TSC = s x {ghz} GHz, {}), long-term key, new nonce per message",
        clock.describe()
    );
    println!(
        "{:>6} {}",
        "bytes",
        names.iter().map(|n| format!("{n:>16}")).collect::<String>()
    );
    for (i, len) in lens.iter().enumerate() {
        csv += &len.to_string();
        let mut line = format!("{len:>6} ");
        for col in &table {
            csv += &format!(",{:.1}", col[i]);
            line += &format!("{:>16.1}", col[i]);
        }
        csv.push('\n');
        println!("{line}");
    }
    std::fs::write(out.join("appendix_b.csv"), csv).expect("write csv");
    let plot = Plot {
        title: "Poly1305-AES cycles per message (paper Appendix B, this machine)".into(),
        subtitle: format!(
            "{} x {ghz} GHz; long-term key, new nonce per message",
            clock.describe()
        ),
        y_label: "cycles per message".into(),
        x_ticks: [1usize, 16, 48, 128, 512, 1024, 4096]
            .iter()
            .map(|&l| (l as f64, l.to_string()))
            .collect(),
        series: names
            .iter()
            .zip(&table)
            .map(|(n, col)| Series {
                label: n.clone(),
                group: n.clone(),
                dashed: false,
                points: lens
                    .iter()
                    .zip(col)
                    .filter(|(l, _)| **l > 0)
                    .map(|(l, c)| (*l as f64, *c))
                    .collect(),
            })
            .collect(),
    };
    std::fs::write(out.join("appendix_b.svg"), plot.to_svg()).expect("write svg");
    println!("wrote {}/appendix_b.csv and appendix_b.svg", out.display());
}
