//! The ε lab's NHPoly1305 entries (`src/epsilon/nh_adiantum.rs`,
//! `src/epsilon/nhpoly.rs`), declared by the family's registration: reached
//! through the registry, within their bounds, equal to the width-generic
//! reference, and a broken NH (every pass under one key) caught.

use uhash_cli::epsilon::engine::{Construction, Extras, Plan, Rng};
use uhash_cli::epsilon::nh_adiantum::{self, NhAdiantum};
use uhash_cli::epsilon::nhpoly::{self, NhPoly};
use uhash_cli::epsilon::{self as eps, plan};

use crate::epsilon::{big, low, measure_checked};

/// The specs of a registry entry at width `w` whose keys are at most
/// `max_keys` (the ones that run in seconds here); asserts every proven bound
/// as `check_family` does. Returns how many specs were measured.
fn check_small_specs(family: &str, w: u32, max_keys: u64) -> usize {
    let mut measured = 0;
    for spec in eps::specs(family, w).expect("family") {
        if spec.cons.key_count() > max_keys {
            continue;
        }
        measure_checked(&spec);
        measured += 1;
    }
    measured
}

#[test]
fn nhpoly1305_is_reached_through_the_registry() {
    // `uhash epsilon nhpoly1305` runs the Entry the nhpoly1305 family
    // declares in uhash_cli::family (not the lab's own list).
    assert!(!eps::FAMILIES.iter().any(|f| f.0 == "nhpoly1305"));
    let entry = eps::registered()
        .find(|e| e.name == "nhpoly1305")
        .expect("registered");
    assert!(eps::family_names().contains(&"nhpoly1305"));
    assert_eq!(
        eps::default_widths("nhpoly1305"),
        (1..=6).collect::<Vec<_>>()
    );
    let names = |w| -> Vec<(String, String)> {
        eps::specs("nhpoly1305", w)
            .unwrap()
            .iter()
            .map(|s| (s.name.clone(), s.params.clone()))
            .collect()
    };
    assert_eq!(names(2).len(), (entry.specs)(2).len());
    assert_eq!(names(2).len(), 5 + 4);
    assert_eq!(
        names(1),
        [
            ("Adiantum NH_w", "n=1, passes=4"),
            ("Adiantum NH_w", "n=2, passes=4")
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );
    assert!(names(7).is_empty());
    // Every spec's keys can be enumerated.
    for w in 1..=6 {
        for spec in eps::specs("nhpoly1305", w).unwrap() {
            assert!(spec.cons.key_count() <= eps::KEY_LIMIT, "{}", spec.params);
        }
    }
}

#[test]
fn bounds_hold_nhpoly1305() {
    // The registry's specs with at most 2^16 keys: NH_w at w = 1 (4 passes),
    // w = 2 (n = 1, 1 and 2 passes; n = 2, 1 pass) and w = 3 (1 pass).
    assert_eq!(check_small_specs("nhpoly1305", 1, 1 << 16), 1);
    assert_eq!(check_small_specs("nhpoly1305", 2, 1 << 16), 3);
    assert_eq!(check_small_specs("nhpoly1305", 3, 1 << 16), 1);
    // Two units, two passes sharing key words 4..8 (the Toeplitz case):
    // every pair, every key, exactly 2^(-rw) = 2^-2.
    let c = NhAdiantum::new(1, 2, 2);
    let m = plan::measure(&c, Plan::Exhaustive, Extras::default());
    assert_eq!(m.pairs, 256 * 255 / 2);
    assert_eq!(m.collision.count * 4, m.keys, "{m:?}");
    // NH then Poly1305 at w = 1 (every pair) and w = 2 (a short search).
    let small = NhPoly::new(1, 1, 2, 1, false);
    let m = plan::measure(&small, Plan::Exhaustive, Extras::default());
    let bound = nhpoly::bound(&small);
    assert!(bound.holds(m.delta.count, m.keys), "{m:?} {}", bound.text);
    let c = NhPoly::new(2, 1, 2, 1, true);
    let s = plan::measure(
        &c,
        Plan::Search {
            samples: 8,
            seed: 5,
        },
        Extras::default(),
    );
    assert!(nhpoly::bound(&c).holds(s.delta.count, s.keys), "{s:?}");
}

#[test]
fn nhpoly1305_bound_arithmetic() {
    // ε_NH + U·q/#R: 2^-4 + 8·C/2^8 (r all), 2^-4 + 8·C/2^5 (clamped).
    for (chunks, clamp, want) in [
        (1, false, 0.0625 + 8.0 / 256.0),
        (2, false, 0.0625 + 16.0 / 256.0),
        (1, true, 0.0625 + 8.0 / 32.0),
        (2, true, 0.0625 + 16.0 / 32.0),
    ] {
        let c = NhPoly::new(2, 1, 2, chunks, clamp);
        assert_eq!(nhpoly::bound(&c).value, want);
        assert_eq!(c.key_count(), 1 << (16 + if clamp { 5 } else { 8 }));
    }
    assert_eq!(nh_adiantum::bound(1, 4).value, 0.0625);
    assert_eq!(NhAdiantum::new(1, 2, 4).key_count(), 1 << 20);
}

#[test]
fn the_harness_sees_nh_adiantum_violations() {
    // Every pass under the same key: the passes repeat one NH value, so a
    // pair collides with one pass's 2^-w, far above 2^(-rw).
    for (w, passes) in [(1u32, 4u32), (2, 2)] {
        let broken = NhAdiantum::unshifted(w, 1, passes);
        let m = plan::measure(&broken, Plan::Exhaustive, Extras::default());
        assert!(
            !nh_adiantum::bound(w, passes).holds(m.collision.count, m.keys),
            "{m:?}"
        );
        assert_eq!(m.collision.count << w, m.keys);
    }
}

#[test]
fn nh_adiantum_and_nhpoly_equal_the_reference() {
    let mut rng = Rng::new(21);
    for (w, units, passes) in [
        (1u32, 2u32, 4u32),
        (1, 1, 4),
        (2, 1, 3),
        (2, 2, 2),
        (3, 1, 2),
        (6, 1, 1),
    ] {
        let c = NhAdiantum::new(w, units, passes);
        for _ in 0..200 {
            let key = rng.below(c.key_count());
            let msg = rng.below(c.message_count());
            let k = c.words(key, c.key_words());
            let m = c.words(msg, c.msg_words());
            let want = uhash_ref::nhpoly1305::nh_adiantum_w(
                w,
                passes as usize,
                &k[..c.key_words() as usize],
                &m[..c.msg_words() as usize],
            )
            .unwrap();
            let sums: Vec<u64> = want.iter().map(|&s| s as u64).collect();
            let packed = eps::pack(&sums, 2 * w);
            let mut out = [0u32];
            c.eval_block(msg, key, &mut out);
            assert_eq!(u64::from(out[0]), packed, "w={w} n={units} r={passes}");
        }
    }
    for (w, chunks, clamp) in [
        (2u32, 1u32, false),
        (2, 2, false),
        (2, 2, true),
        (1, 2, false),
    ] {
        let c = NhPoly::new(w, 1, 2, chunks, clamp);
        let p = uhash_ref::primes::prev_prime_below_pow2(4 * w + 2);
        assert_eq!(c.poly.p, low(&p));
        for _ in 0..200 {
            let (nh_key, r_index) = (rng.below(c.nh.key_count()), rng.below(c.r_count()));
            let msg = rng.below(c.message_count());
            let k = c.nh.words(nh_key, c.nh.key_words());
            let m = c.nh.words(msg, c.msg_words());
            let want = uhash_ref::nhpoly1305::nhpoly_w(
                w,
                2,
                1,
                &p,
                &big(c.poly.r(r_index)),
                &k[..c.nh.key_words() as usize],
                &m[..c.msg_words() as usize],
            )
            .unwrap();
            let mut out = [0u32];
            c.eval_block(msg, c.key_index(nh_key, r_index), &mut out);
            assert_eq!(u64::from(out[0]), low(&want), "w={w} C={chunks}");
        }
    }
}
