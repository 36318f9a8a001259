//! Square Hash with l-bit words (Etzel, Patel, Ramzan, *Square Hash*,
//! CRYPTO 1999), every variant of `docs/sqh-spec.md` at a reduced word size.
//!
//! **Definitions** (`docs/sqh-spec.md` §3 with 32 replaced by l; the big-
//! integer reference is `uhash_ref::sqh_words`): an element has w words of
//! l bits, L = l·w, p the smallest prime above 2^L, k = 2 elements (one for
//! SQH), keys uniform in [0, 2^L):
//!
//! | name | definition | output group |
//! |---|---|---|
//! | SQH (Def. 4) | (m + x)² mod p | Z_p |
//! | SQH\* (Def. 7) | Σ (m_i + x_i)² mod p | Z_p |
//! | SQHasm (Def. 9) | (Σ (m_i + x_i)² mod p) mod 2^L | Z/2^L |
//! | SQHasm2 mod p (Def. 10's formula, Thm. 7) | Σ ((m_i + x_i) mod 2^L)² mod p | Z_p |
//! | SQHasm2 (Def. 10's range) | … mod 2^L | Z/2^L |
//! | SQHc (Def. 11) | C_{2w+1}(Σ (m_i + x_i)²) mod p | Z_p |
//! | SQHc2 (Def. 12) | C_{2w+1}(Σ C2((m_i + x_i)²)) mod p | Z_p |
//! | SQHE (Def. 13) | (C_{2w}(Σ C2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L | Z/2^L |
//! | SQH2 (§6, spec §3) | (D_w(Σ D2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L, 2l-bit double words | Z/2^L |
//!
//! **Bounds** (spec §4, each proof word-size independent; N = the wraps of
//! the final mod 2^L, [`super::wrap_count`], 3 here): SQH, SQH\* 2^-L
//! (Thms. 1, 4); SQHasm N·2^-L (Thm. 6); SQHasm2 mod p 2·2^-L (Thm. 7);
//! SQHasm2 2N·2^-L (ours); SQHc ours 3^(2w+1)·2^-L, paper 3^(2w)·2^-L
//! (Thm. 8); SQHc2 ours N_c2·2^-L, paper Π(4i+1)²·2^-L (Thm. 9); SQHE ours
//! 2N·N_E·2^-L, paper 6·Π(4i+1)²·2^-L (Thm. 10); SQH2 ours 2N·N₂·2^-L (the
//! paper gives none). N_c2, N_E and N₂ are recomputed for l-bit words by
//! [`carry_count`], the count of `sqh::bounds` (which the crate's own
//! figures take at l = 32).

use uhash::sqh::Variant as SqhVariant;
use uhash::sqh::bounds;

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, all_pairs, prime_above, unpack, vectors};

/// The variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Def. 4, one element.
    Sqh,
    /// Def. 7.
    Star,
    /// Def. 9.
    Asm,
    /// Def. 10's formula (mod p).
    Asm2ModP,
    /// Def. 10 with its stated range (mod 2^L).
    Asm2,
    /// Def. 11.
    C,
    /// Def. 12.
    C2,
    /// Def. 13.
    E,
    /// §6's SQH2 as `docs/sqh-spec.md` §3 defines it.
    Sqh2,
}

impl Variant {
    /// All variants, in table order.
    pub const ALL: [Variant; 9] = [
        Variant::Sqh,
        Variant::Star,
        Variant::Asm,
        Variant::Asm2ModP,
        Variant::Asm2,
        Variant::C,
        Variant::C2,
        Variant::E,
        Variant::Sqh2,
    ];

    /// The paper's name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Sqh => "SQH",
            Variant::Star => "SQH*",
            Variant::Asm => "SQHasm",
            Variant::Asm2ModP => "SQHasm2 mod p",
            Variant::Asm2 => "SQHasm2",
            Variant::C => "SQHc",
            Variant::C2 => "SQHc2",
            Variant::E => "SQHE",
            Variant::Sqh2 => "SQH2",
        }
    }

    fn mod_2l(self) -> bool {
        matches!(
            self,
            Variant::Asm | Variant::Asm2 | Variant::E | Variant::Sqh2
        )
    }
}

/// Square Hash with w words of l bits, k elements.
#[derive(Clone, Debug)]
pub struct Sqh {
    /// Word bits.
    pub l: u32,
    /// Words per element.
    pub w: u32,
    /// Elements per message.
    pub k: u32,
    /// The smallest prime above 2^L.
    pub p: u64,
    /// Which variant.
    pub variant: Variant,
}

impl Sqh {
    /// The variant with l-bit words, w words per element (k = 1 for SQH,
    /// 2 otherwise).
    pub fn new(l: u32, w: u32, variant: Variant) -> Self {
        assert!(l >= 2 && (2 * w + 1) * l <= 62, "(l, w) too large for u64");
        Sqh {
            l,
            w,
            k: if variant == Variant::Sqh { 1 } else { 2 },
            p: prime_above(l * w),
            variant,
        }
    }

    fn bits(&self) -> u32 {
        self.l * self.w
    }

    /// `C2(a²)` over `n` limbs, `cols` columns (spec §2).
    fn c2_square(&self, a: u64, n: u32, cols: u32) -> u64 {
        let (l, mask) = (self.l, (1u64 << self.l) - 1);
        let limb = |i: u32| (a >> (l * i)) & mask;
        let mut col = [0u64; 16];
        for i in 0..n {
            for j in 0..n {
                let z = limb(i) * limb(j);
                col[(i + j) as usize] += z & mask;
                col[(i + j + 1) as usize] += z >> l;
            }
        }
        (0..cols).fold(0, |acc, t| acc | ((col[t as usize] & mask) << (l * t)))
    }

    /// `D2(a²)` over `w` limbs on `w` double-word (2l-bit) columns (spec
    /// §2): a limb product at an even position `i + j = 2q` whole into
    /// column `q`, at an odd one `2q + 1` its low half times `2^l` into `q`
    /// and its high half into `q + 1`; each column mod `2^(2l)`.
    fn d2_square(&self, a: u64, w: u32) -> u64 {
        let (l, mask) = (self.l, (1u64 << self.l) - 1);
        let limb = |i: u32| (a >> (l * i)) & mask;
        let mut col = [0u64; 8];
        for i in 0..w {
            for j in 0..w {
                let z = limb(i) * limb(j);
                let q = ((i + j) / 2) as usize;
                if (i + j) % 2 == 0 {
                    col[q] += z;
                } else {
                    col[q] += (z & mask) << l;
                    col[q + 1] += z >> l;
                }
            }
        }
        let dmask = (1u64 << (2 * l)) - 1;
        (0..w).fold(0, |acc, q| acc | ((col[q as usize] & dmask) << (2 * l * q)))
    }

    /// `C(Σ A_i)` over `nw` words of `bits` bits each (spec §2; `D` with
    /// `bits` = 2l).
    fn c_sum_bits(terms: &[u64], nw: u32, bits: u32) -> u64 {
        let mask = (1u64 << bits) - 1;
        (0..nw).fold(0, |acc, t| {
            let column: u64 = terms.iter().map(|a| (a >> (bits * t)) & mask).sum();
            acc | ((column & mask) << (bits * t))
        })
    }

    /// `C(Σ A_i)` over `nw` words (spec §2).
    fn c_sum(&self, terms: &[u64], nw: u32) -> u64 {
        Self::c_sum_bits(terms, nw, self.l)
    }

    /// h_x(m) for element vectors.
    pub fn hash(&self, x: &[u64], m: &[u64]) -> u64 {
        let (w, top) = (self.w, (1u64 << self.bits()) - 1);
        let exact = x.iter().zip(m).map(|(&x, &m)| x + m);
        let mut terms = [0u64; 2];
        let value = match self.variant {
            Variant::Sqh | Variant::Star | Variant::Asm => {
                exact.map(|s| s * s).sum::<u64>() % self.p
            }
            Variant::Asm2ModP | Variant::Asm2 => {
                exact.map(|s| (s & top) * (s & top)).sum::<u64>() % self.p
            }
            Variant::C => {
                for (t, s) in terms.iter_mut().zip(exact) {
                    *t = s * s;
                }
                self.c_sum(&terms[..m.len()], 2 * w + 1) % self.p
            }
            Variant::C2 => {
                for (t, s) in terms.iter_mut().zip(exact) {
                    *t = self.c2_square(s, w + 1, 2 * w + 1);
                }
                self.c_sum(&terms[..m.len()], 2 * w + 1) % self.p
            }
            Variant::E => {
                for (t, s) in terms.iter_mut().zip(exact) {
                    *t = self.c2_square(s & top, w, 2 * w);
                }
                self.c_sum(&terms[..m.len()], 2 * w) % self.p
            }
            Variant::Sqh2 => {
                for (t, s) in terms.iter_mut().zip(exact) {
                    *t = self.d2_square(s & top, w);
                }
                Self::c_sum_bits(&terms[..m.len()], w, 2 * self.l) % self.p
            }
        };
        if self.variant.mod_2l() {
            value & top
        } else {
            value
        }
    }
}

impl Construction for Sqh {
    fn key_count(&self) -> u64 {
        1 << (self.bits() * self.k)
    }
    fn message_count(&self) -> u64 {
        1 << (self.bits() * self.k)
    }
    fn group(&self) -> Group {
        if self.variant.mod_2l() {
            Group::cyclic(1 << self.bits())
        } else {
            Group::cyclic(self.p)
        }
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let k = self.k as usize;
        let m = unpack(msg, self.bits(), k);
        for (i, o) in out.iter_mut().enumerate() {
            let x = unpack(key0 + i as u64, self.bits(), k);
            *o = self.hash(&x[..k], &m[..k]) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let (l, big) = (self.l, self.bits());
        let top = (1u64 << big) - 1;
        let word = (1u64 << l) - 1;
        let mut v = vec![
            0,
            1,
            2,
            word,
            top - 1,
            top,
            1 << (big - 1),
            (1 << (big - 1)) - 1,
        ];
        if self.w > 1 {
            v.extend([word << l, word - 1, (word << l) | 1]);
        }
        v.retain(|&e| e <= top);
        v.sort_unstable();
        v.dedup();
        all_pairs(&vectors(&v, big, self.k as usize))
    }
    fn show(&self, msg: u64) -> String {
        let e = unpack(msg, self.bits(), self.k as usize);
        let s: Vec<String> = e[..self.k as usize].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

/// The column bounds F_t of the schoolbook column square of a number with w
/// full l-bit limbs and, if `top`, a carry limb in {0, 1}, over `cols`
/// columns, plus one outer word per column: F_t = ⌊(Σ max half in column t +
/// 2^l − 1) / 2^l⌋ (`sqh::bounds::column_maxima`).
pub fn column_maxima(l: u32, w: u32, top: bool, cols: u32) -> Vec<u128> {
    bounds::column_maxima(l, w as usize, top, cols as usize).collect()
}

/// The column bounds F_q of SQH2's double-word square of a number with w
/// full l-bit limbs, plus one outer double word per column: F_q = ⌊(Σ max
/// part in column q + 2^(2l) − 1) / 2^(2l)⌋ over whole products at 2q,
/// low halves times 2^l at 2q + 1 and high halves at 2q − 1
/// (`sqh::bounds::pair_maxima`).
pub fn pair_maxima(l: u32, w: u32) -> Vec<u128> {
    bounds::pair_maxima(l, w as usize).collect()
}

/// The number N of possible correction-vector differences for a variant
/// (1 when no carry is dropped): 3^(2w+1) for SQHc, Π(2F_t + 1) for SQHc2
/// (2w + 1 columns, exact sums), SQHE (2w columns, truncated sums) and
/// SQH2 (w double-word columns, [`pair_maxima`]); the crate's count
/// (`sqh::bounds::carry_count_with_limbs`) at l-bit limbs.
pub fn carry_count(v: Variant, l: u32, w: u32) -> u128 {
    let v = match v {
        Variant::Sqh => return 1,
        Variant::Star => SqhVariant::Star,
        Variant::Asm => SqhVariant::Asm,
        Variant::Asm2ModP => SqhVariant::Asm2ModP,
        Variant::Asm2 => SqhVariant::Asm2,
        Variant::C => SqhVariant::C,
        Variant::C2 => SqhVariant::C2,
        Variant::E => SqhVariant::E,
        Variant::Sqh2 => SqhVariant::Sqh2,
    };
    bounds::carry_count_with_limbs(v, l, w as usize)
}

/// Π_{i=1..w} (4i + 1)², the paper's count in Thms. 9 and 10.
pub fn paper_product(w: u32) -> f64 {
    (1..=w).map(|i| f64::from(4 * i + 1).powi(2)).product()
}

/// The bounds of a variant at (l, w).
pub fn bounds(v: Variant, l: u32, w: u32) -> Vec<Bound> {
    let big = l * w;
    let n = super::wrap_count(prime_above(big), big) as f64;
    let c = carry_count(v, l, w) as f64;
    match v {
        Variant::Sqh => vec![Bound::pow2("paper", 1.0, big, "SQH Thm. 1 (spec §4)")],
        Variant::Star => vec![Bound::pow2("paper", 1.0, big, "SQH Thm. 4 (spec §4)")],
        Variant::Asm => vec![Bound::pow2("paper", n, big, "SQH Thm. 6")],
        Variant::Asm2ModP => vec![Bound::pow2("paper", 2.0, big, "SQH Thm. 7")],
        Variant::Asm2 => vec![Bound::pow2(
            "ours",
            2.0 * n,
            big,
            "docs/sqh-spec.md §4 (Thm. 6 × Thm. 7)",
        )],
        Variant::C => vec![
            Bound::pow2("ours", c, big, "docs/sqh-spec.md §4: 3^(2w+1)")
                .with_legend(&format!("3^{}·2^-L", 2 * w + 1)),
            Bound::pow2("paper", 3f64.powi(2 * w as i32), big, "SQH Thm. 8: 3^(2w)")
                .with_legend(&format!("3^{}·2^-L", 2 * w)),
        ],
        Variant::C2 => vec![
            Bound::pow2("ours", c, big, "docs/sqh-spec.md §4: N_c2").with_legend("N_c2·2^-L"),
            Bound::pow2("paper", paper_product(w), big, "SQH Thm. 9: Π(4i+1)²")
                .with_legend("Π(4i+1)²·2^-L"),
        ],
        Variant::E => vec![
            Bound::pow2("ours", 2.0 * n * c, big, "docs/sqh-spec.md §4: 6·N_E")
                .with_legend("6·N_E·2^-L"),
            Bound::pow2(
                "paper",
                6.0 * paper_product(w),
                big,
                "SQH Thm. 10: 6·Π(4i+1)²",
            )
            .with_legend("6·Π(4i+1)²·2^-L"),
        ],
        Variant::Sqh2 => vec![
            Bound::pow2("ours", 2.0 * n * c, big, "docs/sqh-spec.md §4: 6·N₂")
                .with_legend("6·N₂·2^-L"),
        ],
    }
}

/// The specs at word size l: w = 1 (l ≤ 8) and w = 2 (l ≤ 4), i.e.
/// L = l·w ≤ 8 (2^16 keys per pair).
pub fn specs(l: u32) -> Vec<Spec> {
    let mut out = Vec::new();
    for w in [1u32, 2] {
        if l < 2 || l * w > 8 {
            continue;
        }
        for v in Variant::ALL {
            let carries = matches!(v, Variant::C | Variant::C2 | Variant::E | Variant::Sqh2);
            let panel = match (w, carries) {
                (1, false) => "Square Hash, w = 1, no carries dropped",
                (1, true) => "Square Hash, w = 1, carries dropped",
                (_, false) => "Square Hash, w = 2, no carries dropped",
                (_, true) => "Square Hash, w = 2, carries dropped",
            };
            let b = bounds(v, l, w);
            let mut stats = vec![(Stat::Delta, b.clone())];
            stats.push((Stat::Collision, b));
            out.push(Spec {
                family: "sqh",
                panel,
                name: v.name().into(),
                params: format!("w={w}"),
                x: l * w,
                exp: l * w,
                cons: Box::new(Sqh::new(l, w, v)),
                extras: Extras::default(),
                stats,
            });
        }
    }
    out
}
