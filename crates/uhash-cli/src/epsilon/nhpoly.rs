//! NHPoly1305 with w-bit words: Adiantum's NH ([`super::nh_adiantum`]) on
//! each chunk, the lab's reduced Poly1305 polynomial ([`super::poly1305`])
//! over the concatenated NH sums (Crowley, Biggers, *Adiantum*, ToSC
//! 2018(4), "Adiantum hashing"; `crates/nhpoly1305`,
//! `uhash_ref::nhpoly1305::nhpoly_w`).
//!
//! **Definition, scaled down.** A message is C chunks of n units of 4
//! w-bit words (all messages the same length, as the bound requires); NH_w
//! with r passes gives each chunk r sums of 2w bits; the sums, in order,
//! are the units of the polynomial of [`super::poly1305::Poly`] at chunk
//! width b = 4w (two sums a block plus the "append a 1" bit, as the real
//! 64-bit sums make 128-bit Poly1305 blocks), p the largest prime below
//! 2^(b+2), output mod 2^b:
//!
//! H_{K,r}(m) = Poly_r(NH_K(chunk_1) ‖ … ‖ NH_K(chunk_C)).
//!
//! The key is the NH key and r (from the clamped set or all of
//! [0, 2^b)), independent and uniform.
//!
//! **Bound** (`crates/nhpoly1305/src/lib.rs` §Bounds, our reading of the
//! paper's argument for H_L): for distinct messages of equal length, either
//! the NH outputs are equal (probability ≤ ε_NH = 2^(−rw): every chunk where
//! the messages differ collides) or the polynomial's inputs are distinct
//! messages of q = C·r/2 blocks (Thm. 3.3: U·q/#R for each δ), so
//!
//! ε = 2^(−rw) + U·q/#R (ΔU in Z/2^b),
//!
//! at full width 2^-128 + 8·2⌈L/1024⌉/2^106 = 2^-128 + 2^-102·⌈L/1024⌉.
//!
//! **What is enumerated.** w = 2, n = 1 unit a chunk, r = 2 passes (one
//! 8-bit Poly1305 block a chunk), C = 1 and 2 chunks, r all (2^16 NH keys ×
//! 2^8 = 2^24 keys) and clamped (2^16 × 2^5 = 2^21). The real shape (4
//! passes, two blocks a chunk) is only enumerable at w = 1, where b = 4 and
//! Thm. 3.3's U·q/#R = 8·2/16 is already 1 (no information); at w ≥ 3 the
//! NH key alone is 2^24 keys, leaving nothing for r under the lab's 2^26.

use super::engine::{Construction, Group};
use super::nh_adiantum::NhAdiantum;
use super::poly1305::Poly;
use super::{Bound, Extras, Spec, Stat, wrap_count};

/// NHPoly1305_w: NH_w over each chunk, then the reduced Poly1305.
#[derive(Clone, Debug)]
pub struct NhPoly {
    /// The NH of each chunk (`units` units, `passes` passes).
    pub nh: NhAdiantum,
    /// Chunks per message.
    pub chunks: u32,
    /// The polynomial at b = 4w over the sums.
    pub poly: Poly,
}

impl NhPoly {
    /// `chunks` chunks of `units` units, NH with `passes` (even) passes,
    /// r clamped or not.
    pub fn new(w: u32, units: u32, passes: u32, chunks: u32, clamp: bool) -> Self {
        assert!(passes.is_multiple_of(2), "whole Poly1305 blocks");
        NhPoly {
            nh: NhAdiantum::new(w, units, passes),
            chunks,
            poly: Poly::new(4 * w, chunks * passes / 2, clamp),
        }
    }

    /// Message words.
    pub fn msg_words(&self) -> u32 {
        self.chunks * self.nh.msg_words()
    }

    /// The number of r values (#R).
    pub fn r_count(&self) -> u64 {
        self.poly.key_count()
    }

    /// The key index of (NH key index, r index).
    pub fn key_index(&self, nh_key: u64, r_index: u64) -> u64 {
        nh_key * self.r_count() + r_index
    }

    /// The concatenated NH sums of message words `m` under NH key words `k`.
    pub fn nh_sums(&self, k: &[u64], m: &[u64]) -> Vec<u64> {
        let per = self.nh.msg_words() as usize;
        m.chunks(per)
            .flat_map(|c| self.nh.sums(k, c)[..self.nh.passes as usize].to_vec())
            .collect()
    }

    /// H_{K,r}(m) from the NH sums.
    pub fn hash(&self, r: u64, sums: &[u64]) -> u64 {
        self.poly.hash(r, sums)
    }
}

impl Construction for NhPoly {
    fn key_count(&self) -> u64 {
        self.nh.key_count() * self.r_count()
    }
    fn message_count(&self) -> u64 {
        1 << (self.nh.w * self.msg_words())
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.poly.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let m = self.nh.words(msg, self.msg_words());
        let m = &m[..self.msg_words() as usize];
        let rs = self.r_count();
        // The key index is nh_key·#R + r index: the NH sums once per NH key,
        // the r values once per call.
        let r_first = key0 % rs;
        let r_values: Vec<u64> = (0..rs.min(out.len() as u64 + r_first))
            .map(|i| self.poly.r(i))
            .collect();
        let kw = self.nh.key_words() as usize;
        let mut cached: Option<(u64, Vec<u64>)> = None;
        for (i, o) in out.iter_mut().enumerate() {
            let key = key0 + i as u64;
            let (nh_key, r_index) = (key / rs, key % rs);
            if cached.as_ref().is_none_or(|c| c.0 != nh_key) {
                let k = self.nh.words(nh_key, kw as u32);
                cached = Some((nh_key, self.nh_sums(&k[..kw], m)));
            }
            let sums = &cached.as_ref().expect("set above").1;
            *o = self.hash(r_values[r_index as usize], sums) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        super::nh_adiantum::candidates(self.nh.w, self.msg_words())
    }
    fn show(&self, msg: u64) -> String {
        let words = self.nh.words(msg, self.msg_words());
        let per = self.nh.msg_words() as usize;
        let chunks: Vec<String> = words[..self.msg_words() as usize]
            .chunks(per)
            .map(|c| {
                let s: Vec<String> = c.iter().map(u64::to_string).collect();
                format!("⟨{}⟩", s.join(", "))
            })
            .collect();
        chunks.join("‖")
    }
}

/// The composed bound ε_NH + U·q/#R.
pub fn bound(c: &NhPoly) -> Bound {
    let (w, r) = (c.nh.w, c.nh.passes);
    let u = wrap_count(c.poly.p, c.poly.b);
    let q = c.chunks * r / 2;
    let rs = c.r_count();
    let value = (-f64::from(r * w)).exp2() + (u * u64::from(q)) as f64 / rs as f64;
    let text = format!("2^-{} + {u}·{q}·2^-{}", r * w, rs.trailing_zeros());
    Bound::custom(
        "ours",
        value,
        text.clone(),
        "crates/nhpoly1305 lib.rs §Bounds: ε_NH + U·q/#R",
    )
    .with_legend(&text)
}

/// The specs at width w (only w = 2).
pub fn specs(w: u32) -> Vec<Spec> {
    if w != 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for chunks in [1u32, 2] {
        for clamp in [false, true] {
            let c = NhPoly::new(w, 1, 2, chunks, clamp);
            let b = bound(&c);
            out.push(Spec {
                family: "nhpoly1305",
                panel: "NHPoly1305_w (NH n=1, 2 passes, then Poly1305 at b = 4w)",
                name: "NHPoly1305_w".into(),
                params: format!(
                    "n=1, passes=2, C={chunks}, r {}",
                    if clamp { "clamped" } else { "all" }
                ),
                x: w,
                exp: c.poly.b,
                cons: Box::new(c),
                extras: Extras::default(),
                stats: vec![(Stat::Delta, vec![b.clone()]), (Stat::Collision, vec![b])],
            });
        }
    }
    out
}
