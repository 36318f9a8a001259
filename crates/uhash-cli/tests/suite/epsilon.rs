//! The ε lab (`uhash epsilon`, `src/epsilon/`): its reduced-width
//! constructions equal the width-generic big-integer reference `uhash-ref`,
//! every measured probability stays within the proven bound at widths that
//! run in seconds, Nguyen–Roscoe's b = 7 figure is reproduced exactly, and
//! deliberately broken constructions are caught exceeding their bounds.

use std::process::Command;

use uhash_cli::epsilon::dfc::{DfcHorner, DfcModule};
use uhash_cli::epsilon::digest::Digest;
use uhash_cli::epsilon::engine::{self, Construction, Extras, Group, Plan, Rng};
use uhash_cli::epsilon::long::Long;
use uhash_cli::epsilon::mmh::{Mmh, Variant as MmhVariant};
use uhash_cli::epsilon::nh::Nh;
use uhash_cli::epsilon::nmh::Nmh;
use uhash_cli::epsilon::poly1305::Poly;
use uhash_cli::epsilon::sqh::{self, Sqh, Variant as SqhVariant};
use uhash_cli::epsilon::toeplitz::ToeplitzMmh;
use uhash_cli::epsilon::tree::Tree;
use uhash_cli::epsilon::{self as eps, Mode, Stat, plan, report, unpack};
use uhash_ref::BigUint;
use uhash_ref::sqh_words::{self, Words};

pub(crate) fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

pub(crate) fn low(v: &BigUint) -> u64 {
    v.iter_u64_digits().next().unwrap_or(0)
}

/// Every pair where that is at most 2^26 pair-keys, else 256 random pairs
/// with the structured candidates and hill climbing.
fn quick_mode(c: &dyn Construction) -> Mode {
    if engine::exhaustive_work(c) <= 1 << 26 {
        Mode::Exhaustive
    } else {
        Mode::Samples(256)
    }
}

/// Measures `spec` (exhaustively where that is cheap) and asserts that
/// every row counted something (joint rows may not) and that every proven
/// bound (`ours`, `paper`) holds; returns the rows.
pub(crate) fn measure_checked(spec: &eps::Spec) -> Vec<eps::Row> {
    let rows = eps::measure_spec(spec, quick_mode(spec.cons.as_ref()), 7)
        .unwrap_or_else(|e| panic!("{e}"));
    for row in &rows {
        assert!(row.count > 0 || row.stat == Stat::Joint, "{row:?}");
        for bound in row
            .bounds
            .iter()
            .filter(|b| matches!(b.label, "ours" | "paper"))
        {
            assert!(
                bound.holds(row.count, row.keys),
                "{} {} width {} {}: {} exceeds {} {} ({})",
                row.name,
                row.params,
                row.x,
                row.stat.name(),
                report::fraction(row.count, row.keys, row.exp),
                bound.label,
                bound.text,
                bound.source
            );
        }
    }
    rows
}

/// Measures every spec of `family` at each width and asserts that every
/// proven bound (`ours`, `paper`) holds; returns the rows.
fn check_family(family: &str, widths: &[u32]) -> Vec<eps::Row> {
    let mut all = Vec::new();
    for &b in widths {
        let specs = eps::specs(family, b).expect("family");
        assert!(!specs.is_empty(), "{family} b={b}: no spec");
        for spec in specs {
            let rows = measure_checked(&spec);
            all.extend(rows);
        }
    }
    all
}

#[test]
fn digest_b7_reproduces_the_papers_exhaustive_result() {
    // NR §3.2 Remarks: b = 7, all pairs of single-word messages, all 2^14
    // keys: "the obtained collision probability is 2^-7 × 1.875".
    let c = Digest::new(7, 1, 1);
    let m = plan::measure(
        &c,
        Plan::Exhaustive,
        Extras {
            joint: false,
            dist: true,
        },
    );
    assert_eq!((m.collision.count, m.keys), (240, 16384));
    assert_eq!(
        report::fraction(m.collision.count, m.keys, 7),
        "240/16384 = 1.875·2^-7"
    );
    assert_eq!(m.pairs, 128 * 127 / 2);
    // Above 2^-7 (the bound "cannot be reduced to 2^-b"), below 2^(1-b).
    assert!(m.collision.count > 128 && m.collision.count < 256);
    // εd = 2^-b is reached (tight): 128/16384.
    assert_eq!(m.dist.unwrap().count, 128);
}

#[test]
fn cli_prints_the_b7_figure() {
    let out = Command::new(env!("CARGO_BIN_EXE_uhash"))
        .args(["epsilon", "digest", "--bits", "7", "--exhaustive"])
        .output()
        .expect("run uhash");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("240/16384 = 1.875·2^-7"), "{text}");
    assert!(text.contains("cannot be reduced to 2^-b"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_uhash"))
        .args(["epsilon", "nosuch"])
        .output()
        .expect("run uhash");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bounds_hold_mmh() {
    check_family("mmh", &[3, 4]);
}

#[test]
fn bounds_hold_toeplitz() {
    check_family("toeplitz", &[3, 4]);
}

#[test]
fn bounds_hold_nmh() {
    check_family("nmh", &[2, 3]);
}

#[test]
fn bounds_hold_nh() {
    check_family("nh", &[2, 4]);
}

#[test]
fn bounds_hold_sqh() {
    check_family("sqh", &[2, 3]);
}

#[test]
fn bounds_hold_digest() {
    check_family("digest", &[3, 4]);
}

#[test]
fn bounds_hold_digest_mw() {
    check_family("digest-mw", &[3]);
}

#[test]
fn bounds_hold_trunc() {
    check_family("trunc", &[5]);
}

#[test]
fn bounds_hold_dfc() {
    check_family("dfc", &[4, 6]);
}

#[test]
fn bounds_hold_poly1305() {
    check_family("poly1305", &[4, 6]);
}

#[test]
fn bounds_hold_long() {
    check_family("long", &[3]);
}

#[test]
fn bounds_hold_tree() {
    check_family("tree", &[3]);
}

#[test]
fn tree_equals_its_definition() {
    // uhash-ref's MMH_b tree (blocks of k = 2 words, the length in words).
    let mut rng = Rng::new(17);
    for b in [3u32, 4] {
        let c = Tree::new(b);
        for _ in 0..400 {
            let key = rng.below(c.key_count());
            let msg = rng.below(c.message_count());
            let (words, len) = c.msgs.decode(msg);
            let k = unpack(key, b, 6);
            let want = uhash_ref::mmh_tree::mmh_tree_b(
                b,
                2,
                &[k[..2].to_vec()],
                &k[2..6],
                &words[..len],
                len as u128,
            )
            .unwrap();
            let mut out = [0u32];
            c.eval_block(msg, key, &mut out);
            assert_eq!(u64::from(out[0]), want, "b={b} key={key} msg={msg}");
        }
        if b > 3 {
            continue;
        }
        // The fast pair histogram equals key-by-key counting (2^18 keys).
        for (m1, m2) in [
            (c.msgs.index(&[1, 2, 3]), c.msgs.index(&[1, 2, 0])),
            (c.msgs.index(&[1]), c.msgs.index(&[1, 0, 0])),
        ] {
            let mut hist = vec![0u64; 1 << b];
            assert!(c.pair_hist(m1, m2, &mut hist));
            let mut slow = vec![0u64; 1 << b];
            let mut a = vec![0u32; c.key_count() as usize];
            let mut d = vec![0u32; c.key_count() as usize];
            c.eval_block(m1, 0, &mut a);
            c.eval_block(m2, 0, &mut d);
            for (x, y) in a.iter().zip(&d) {
                slow[c.group().diff(u64::from(*x), u64::from(*y)) as usize] += 1;
            }
            assert_eq!(hist, slow, "b={b}");
        }
    }
}

#[test]
fn the_harness_sees_violations() {
    // MMH without the prime: the difference of two messages that differ by
    // 2^(b-1) in one word vanishes mod 2^b for every even key word — half
    // the keys, far above Thm. 8's 6·2^-b.
    let broken = Mmh::unreduced(4, 2);
    let m = plan::measure(&broken, Plan::Exhaustive, Extras::default());
    let bound = uhash_cli::epsilon::mmh::theorem8(4);
    assert!(!bound.holds(m.collision.count, m.keys), "{m:?}");
    assert!(m.collision.count * 2 >= m.keys);
    // Toeplitz NH with no key shift: both rows are the same NH value, so
    // the pair collides with NH's 2^-w, not the Toeplitz 2^-2w.
    let unshifted = Nh::unshifted(2, 4, 2);
    let m = plan::measure(&unshifted, Plan::Exhaustive, Extras::default());
    let toeplitz = eps::Bound::pow2("paper", 1.0, 4, "UMAC Toeplitz");
    assert!(!toeplitz.holds(m.collision.count, m.keys), "{m:?}");
    // The same through the search (random pairs and climbing find it too).
    let s = plan::measure(
        &broken,
        Plan::Search {
            samples: 64,
            seed: 3,
        },
        Extras::default(),
    );
    assert!(!bound.holds(s.collision.count, s.keys));
}

/// MMH_b (b = 3, k = 2) through the big-integer reference.
struct RefMmh;

impl Construction for RefMmh {
    fn key_count(&self) -> u64 {
        64
    }
    fn message_count(&self) -> u64 {
        64
    }
    fn group(&self) -> Group {
        Group::cyclic(8)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let m = unpack(msg, 3, 2);
        for (i, o) in out.iter_mut().enumerate() {
            let x = unpack(key0 + i as u64, 3, 2);
            *o = uhash_ref::mmh::mmh_b(3, &x[..2], &m[..2]).unwrap() as u32;
        }
    }
}

#[test]
fn measuring_the_reference_gives_the_same_maxima() {
    let fast = plan::measure(
        &Mmh::new(3, 2, MmhVariant::Mmh),
        Plan::Exhaustive,
        Extras::default(),
    );
    let slow = plan::measure(&RefMmh, Plan::Exhaustive, Extras::default());
    assert_eq!(fast.collision, slow.collision);
    assert_eq!(fast.delta, slow.delta);
    assert_eq!(fast.pairs, 64 * 63 / 2);
}

#[test]
fn mmh_family_equals_the_reference() {
    for b in [2u32, 3, 5] {
        let mmh = Mmh::new(b, 2, MmhVariant::Mmh);
        let hb = Mmh::new(b, 2, MmhVariant::Hb);
        let t = ToeplitzMmh::new(b, 2, 2);
        let nmh = Nmh::new(b, 2);
        let mut rng = Rng::new(u64::from(b));
        for _ in 0..300 {
            let x = unpack(rng.below(1 << (3 * b)), b, 3);
            let m = unpack(rng.below(1 << (2 * b)), b, 2);
            let r = uhash_ref::mmh::mmh_b(b, &x[..2], &m[..2]).unwrap();
            assert_eq!(mmh.hash(&x[..2], &m[..2]), r);
            assert_eq!(hb.hash(&x[..2], &m[..2]) % (1 << b), r);
            let r2 = uhash_ref::mmh::mmh_b(b, &x[1..3], &m[..2]).unwrap();
            assert_eq!(t.hash(&x[..3], &m[..2]), r | (r2 << b));
            assert_eq!(
                nmh.hash(&x[..2], &m[..2]),
                uhash_ref::mmh::nmh_b(b, &x[..2], &m[..2]).unwrap()
            );
        }
        let nmh4 = Nmh::new(b, 4);
        for _ in 0..100 {
            let x = unpack(rng.below(1 << (4 * b)), b, 4);
            let m = unpack(rng.below(1 << (4 * b)), b, 4);
            assert_eq!(
                nmh4.hash(&x[..4], &m[..4]),
                uhash_ref::mmh::nmh_b(b, &x[..4], &m[..4]).unwrap()
            );
        }
    }
}

#[test]
fn nh_and_digest_equal_the_reference() {
    let mut rng = Rng::new(9);
    for w in [2u32, 3, 4] {
        let nh = Nh::toeplitz(w, 4, 2);
        for _ in 0..200 {
            let k = unpack(rng.below(1 << (6 * w)), w, 6);
            let m = unpack(rng.below(1 << (4 * w)), w, 4);
            let r0 = uhash_ref::nh::nh_w(w, &k[..4], &m[..4]).unwrap() as u64;
            let r1 = uhash_ref::nh::nh_w(w, &k[2..6], &m[..4]).unwrap() as u64;
            assert_eq!(nh.row(&k[..4], &m[..4]), r0);
            let mut out = [0u32];
            nh.eval_block(
                uhash_cli::epsilon::pack(&m[..4], w),
                uhash_cli::epsilon::pack(&k[..6], w),
                &mut out,
            );
            assert_eq!(u64::from(out[0]), r0 | (r1 << (2 * w)));
        }
    }
    for b in [3u32, 5, 7] {
        let d = Digest::new(b, 2, 2);
        let tr = Digest::truncated(b, 2, b - 1);
        for _ in 0..300 {
            let k = unpack(rng.below(1 << (4 * b)), b, 4);
            let m = unpack(rng.below(1 << (2 * b)), b, 2);
            let mw = uhash_ref::digest::digest_mw(b, &k[..4], &m[..2], 2).unwrap();
            assert_eq!(d.hash(&k[..4], &m[..2]), mw[0] | (mw[1] << b));
            assert_eq!(
                Digest::new(b, 2, 1).hash(&k[..3], &m[..2]),
                uhash_ref::digest::digest(b, &k[..3], &m[..2]).unwrap()
            );
            assert_eq!(
                tr.hash(&k[..3], &m[..2]),
                uhash_ref::digest::digest_trunc(b, b - 1, &k[..3], &m[..2]).unwrap()
            );
        }
    }
}

#[test]
fn sqh_variants_equal_the_reference() {
    let mut rng = Rng::new(5);
    for (l, w) in [(2u32, 1u32), (3, 1), (5, 1), (2, 2), (3, 2)] {
        let ws = Words { l, w };
        let big_l = l * w;
        type RefFn = fn(Words, &[BigUint], &[BigUint]) -> Result<BigUint, uhash_ref::RefError>;
        let refs: [(SqhVariant, RefFn); 8] = [
            (SqhVariant::Star, sqh_words::sqh_star),
            (SqhVariant::Asm, sqh_words::sqh_asm),
            (SqhVariant::Asm2ModP, sqh_words::sqh_asm2_mod_p),
            (SqhVariant::Asm2, sqh_words::sqh_asm2),
            (SqhVariant::C, sqh_words::sqh_c),
            (SqhVariant::C2, sqh_words::sqh_c2),
            (SqhVariant::E, sqh_words::sqh_e),
            (SqhVariant::Sqh2, sqh_words::sqh2),
        ];
        for _ in 0..150 {
            let x = unpack(rng.below(1 << (2 * big_l)), big_l, 2);
            let m = unpack(rng.below(1 << (2 * big_l)), big_l, 2);
            let (xb, mb): (Vec<BigUint>, Vec<BigUint>) = (
                x[..2].iter().map(|&v| big(v)).collect(),
                m[..2].iter().map(|&v| big(v)).collect(),
            );
            for (v, f) in refs {
                assert_eq!(
                    Sqh::new(l, w, v).hash(&x[..2], &m[..2]),
                    low(&f(ws, &xb, &mb).unwrap()),
                    "{v:?} l={l} w={w}"
                );
            }
            assert_eq!(
                Sqh::new(l, w, SqhVariant::Sqh).hash(&x[..1], &m[..1]),
                low(&sqh_words::sqh(ws, &xb[0], &mb[0]).unwrap())
            );
        }
    }
}

#[test]
fn dfc_and_poly1305_equal_the_reference() {
    let mut rng = Rng::new(11);
    for b in [4u32, 6, 8] {
        let module = DfcModule::new(b);
        let horner = DfcHorner::new(b, 2);
        let clamped = Poly::new(b, 2, true);
        let all = Poly::new(b, 2, false);
        let p = uhash_ref::primes::prev_prime_below_pow2(b + 2);
        assert_eq!(all.p, low(&p));
        for _ in 0..300 {
            let (a, c, x) = (rng.below(1 << b), rng.below(1 << b), rng.below(1 << b));
            assert_eq!(
                module.hash(a, c, x),
                uhash_ref::dfc::dfc_module_b(b, a, c, x).unwrap()
            );
            let msg = rng.below(horner.message_count());
            let (units, len) = horner.msgs.decode(msg);
            assert_eq!(horner.msgs.index(&units[..len]), msg);
            assert_eq!(
                horner.hash(a, c, &units[..len]),
                uhash_ref::dfc::horner_hash_units(b / 2, 2, a, c, &units[..len]).unwrap()
            );
            let key = rng.below(clamped.key_count());
            let r = clamped.r(key);
            // The clamp: top bit of each unit and bottom bit of unit 1 clear.
            let u = b / 2;
            assert_eq!(r & ((1 << (u - 1)) | (1 << (2 * u - 1)) | (1 << u)), 0);
            for (poly, r) in [(&clamped, r), (&all, rng.below(1 << b))] {
                let want =
                    uhash_ref::poly1305::poly_mod_prime(u, 2, &p, &big(r), &units[..len]).unwrap();
                assert_eq!(poly.hash(r, &units[..len]), low(&want) % (1 << b));
            }
        }
        assert_eq!(clamped.key_count(), 1 << (b - 3));
    }
}

#[test]
fn long_composite_equals_its_definition() {
    // Level 1 and 3 through uhash-ref's MMH_b, level 2 by big-integer powers.
    let mut rng = Rng::new(13);
    for b in [3u32, 4] {
        let c = Long::new(b);
        let q = uhash_ref::primes::prev_prime_below_pow2(b + 2);
        for _ in 0..300 {
            let key = rng.below(c.key_count());
            let msg = rng.below(c.message_count());
            let (words, len) = c.msgs.decode(msg);
            let k = unpack(key, b, 5);
            let chunks: Vec<&[u64]> = words[..len].chunks(2).collect();
            let count = chunks.len();
            let k2 = big(k[2]);
            let mut z = big(len as u64) * &k2;
            for (j, chunk) in chunks.iter().enumerate() {
                let m = [chunk[0], chunk.get(1).copied().unwrap_or(0)];
                let y = uhash_ref::mmh::mmh_b(b, &k[..2], &m).unwrap();
                z += big(y) * k2.modpow(&big((count + 1 - j) as u64), &q);
            }
            let z = low(&(z % &q));
            let want = uhash_ref::mmh::mmh_b(b, &k[3..5], &[z & ((1 << b) - 1), z >> b]).unwrap();
            let mut out = [0u32];
            c.eval_block(msg, key, &mut out);
            assert_eq!(u64::from(out[0]), want, "b={b} key={key} msg={msg}");
        }
        // The fast pair histogram equals key-by-key counting.
        let (m1, m2) = (c.msgs.index(&[1]), c.msgs.index(&[1, 0]));
        let mut hist = vec![0u64; 1 << b];
        assert!(c.pair_hist(m1, m2, &mut hist));
        let mut slow = vec![0u64; 1 << b];
        let mut a = vec![0u32; c.key_count() as usize];
        let mut d = vec![0u32; c.key_count() as usize];
        c.eval_block(m1, 0, &mut a);
        c.eval_block(m2, 0, &mut d);
        for (x, y) in a.iter().zip(&d) {
            slow[c.group().diff(u64::from(*x), u64::from(*y)) as usize] += 1;
        }
        assert_eq!(hist, slow);
    }
}

#[test]
fn bound_arithmetic() {
    // N_c2, N_E and N₂ at 32-bit words are docs/sqh-spec.md's figures.
    let c2 = [63u128, 4851, 800_415, 228_118_275, 99_687_686_175];
    let e = [9u128, 441, 53361, 12_006_225, 4_334_247_225];
    let n2 = [3u128, 21, 231, 3465, 65835];
    for w in 1..=5u32 {
        assert_eq!(
            sqh::carry_count(SqhVariant::Sqh2, 32, w),
            n2[w as usize - 1]
        );
        assert_eq!(sqh::carry_count(SqhVariant::C2, 32, w), c2[w as usize - 1]);
        assert_eq!(sqh::carry_count(SqhVariant::E, 32, w), e[w as usize - 1]);
        assert_eq!(sqh::carry_count(SqhVariant::C, 32, w), 3u128.pow(2 * w + 1));
    }
    // The wraps of a final mod 2^b: 3 for MMH's primes, 8 for Poly1305's.
    assert_eq!(eps::wrap_count(17, 4), 3);
    assert_eq!(eps::wrap_count(eps::prime_above(10), 10), 3);
    assert_eq!(eps::wrap_count(1021, 8), 8);
    assert_eq!(eps::wrap_count(eps::prime_below(12), 10), 8);
    assert_eq!(eps::prime_above(7), 131);
    assert_eq!(report::fraction(3, 64, 6), "3/64 = 3·2^-6");
    assert_eq!(report::num(0.0625), "0.0625");
    // Toeplitz differences are component-wise.
    let g = Group { q: 8, n: 2 };
    assert_eq!(g.diff(1 | (2 << 3), 3 | (1 << 3)), 6 | (1 << 3));
}
