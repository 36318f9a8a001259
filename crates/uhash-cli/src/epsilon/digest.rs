//! digest, digestMW and trunc (Nguyen, Roscoe, *Short-output universal hash
//! functions and their use in fast and secure data authentication*, FSE
//! 2012; `uhash_ref::digest`):
//!
//! digest(k, m) = Σ_{i=1}^{t} [m_i k_i + (m_i k_{i+1} div 2^b)] mod 2^b  (Eq. 1),
//! d_i = digest(k_{i..t+i}, m), digestMW = ⟨d_1, …, d_n⟩  (§3.3),
//! trunc_b′(digest) = the same sum mod 2^b′, b′ < b  (Eq. 4).
//!
//! **Bounds.** Thm. 1: digest has εc = 2^(1−b), εd = 2^-b; Thm. 3:
//! digestMW has εc = 2^(n−nb), εd = 2^(−nb); the Remarks after Thm. 3: both
//! are also εc-AΔU; Thm. 2: trunc_b′ has εc = 2^(1−b′), εd = 2^(−b′) (no
//! AΔU statement, so its Δ is printed without a bound).
//!
//! **The paper's experiment** (§3.2, Remarks): "when b = 7, we look at all
//! possible pairs of two different (b = 7)-bit messages in combination with
//! all (2b = 14)-bit keys, the obtained collision probability is 2^-7 ×
//! 1.875": `uhash epsilon digest --bits 7 --exhaustive` reproduces it as
//! `240/16384 = 1.875·2^-7`. The same Remarks call εd = 2^-b tight (m = 1
//! gives every y with probability 2^-b) and say εc "appears to be tight,
//! i.e. it cannot be reduced to 2^-b"; [`notes`] states both against the
//! measurement.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Row, Spec, Stat, all_pairs, edge_values, unpack, vectors};

/// Which function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// digest (n = 1).
    Digest,
    /// digestMW (n = 2).
    DigestMw,
    /// trunc_b′(digest), every b′ < b.
    Trunc,
}

/// digest / digestMW / trunc over t words of b bits.
#[derive(Clone, Debug)]
pub struct Digest {
    /// Word bits.
    pub b: u32,
    /// Message words.
    pub t: u32,
    /// Output words (Toeplitz rows).
    pub n: u32,
    /// Output bits when truncated.
    pub trunc: Option<u32>,
}

impl Digest {
    /// digestMW with n outputs (n = 1: digest).
    pub fn new(b: u32, t: u32, n: u32) -> Self {
        Digest {
            b,
            t,
            n,
            trunc: None,
        }
    }

    /// trunc_b′(digest_b).
    pub fn truncated(b: u32, t: u32, bits: u32) -> Self {
        Digest {
            b,
            t,
            n: 1,
            trunc: Some(bits),
        }
    }

    /// The outputs packed base 2^b (key of t + n words).
    pub fn hash(&self, k: &[u64], m: &[u64]) -> u64 {
        let b = self.b;
        let mask = (1u64 << b) - 1;
        let mut out = 0;
        for i in 0..self.n as usize {
            let d = m.iter().enumerate().fold(0u64, |acc, (j, &mj)| {
                acc.wrapping_add(mj * k[i + j])
                    .wrapping_add((mj * k[i + j + 1]) >> b)
            });
            out |= (d & mask) << (b * i as u32);
        }
        match self.trunc {
            Some(bits) => out & ((1 << bits) - 1),
            None => out,
        }
    }
}

impl Construction for Digest {
    fn key_count(&self) -> u64 {
        1 << (self.b * (self.t + self.n))
    }
    fn message_count(&self) -> u64 {
        1 << (self.b * self.t)
    }
    fn group(&self) -> Group {
        match self.trunc {
            Some(bits) => Group::cyclic(1 << bits),
            None => Group {
                q: 1 << self.b,
                n: self.n,
            },
        }
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let t = self.t as usize;
        let m = unpack(msg, self.b, t);
        let kw = t + self.n as usize;
        for (i, o) in out.iter_mut().enumerate() {
            let k = unpack(key0 + i as u64, self.b, kw);
            *o = self.hash(&k[..kw], &m[..t]) as u32;
        }
    }
    /// First the messages that differ in one word, that word taking
    /// values 1, 2^j and 2^j ± 1 (the exhaustive worst cases at t = 1 are
    /// such pairs, e.g. ⟨1⟩ vs ⟨17⟩ at b = 7), the other words 0; then all
    /// vectors over the edge values.
    fn candidates(&self) -> Vec<(u64, u64)> {
        let b = self.b;
        let mut v: Vec<u64> = (0..b)
            .flat_map(|j| [1u64 << j, (1u64 << j) + 1, (1u64 << j).saturating_sub(1)])
            .filter(|&x| x > 0 && x < 1 << b)
            .collect();
        v.sort_unstable();
        v.dedup();
        let mut out = Vec::new();
        for i in 0..self.t {
            let at: Vec<u64> = v.iter().map(|&x| x << (b * i)).collect();
            out.extend(all_pairs(&at));
        }
        out.extend(all_pairs(&vectors(
            &edge_values(b, 1 << b),
            b,
            self.t as usize,
        )));
        out
    }
    fn show(&self, msg: u64) -> String {
        let w = unpack(msg, self.b, self.t as usize);
        let s: Vec<String> = w[..self.t as usize].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

fn spec(kind: Kind, b: u32, t: u32, cons: Digest) -> Spec {
    let (family, panel, name) = match kind {
        Kind::Digest => ("digest", "digest_b (t = 1, 2)", "digest".to_owned()),
        Kind::DigestMw => ("digest-mw", "digestMW_b (n = 2)", "digestMW".to_owned()),
        Kind::Trunc => (
            "trunc",
            "trunc_b′(digest_b), t = 1",
            format!("trunc(digest_{b})"),
        ),
    };
    let n = cons.n;
    let (x, exp, stats) = match cons.trunc {
        Some(bits) => (
            bits,
            bits,
            vec![
                (
                    Stat::Collision,
                    vec![Bound::pow2("paper", 2.0, bits, "NR Thm. 2 (εc)")],
                ),
                (
                    Stat::Dist,
                    vec![Bound::pow2("paper", 1.0, bits, "NR Thm. 2 (εd)")],
                ),
                (Stat::Delta, Vec::new()),
            ],
        ),
        None => {
            let c = f64::from(n).exp2();
            let e = n * b;
            let (tc, td, ta) = if n == 1 {
                (
                    "NR Thm. 1 (εc)",
                    "NR Thm. 1 (εd)",
                    "NR §3.3 Remarks (εc-AΔU)",
                )
            } else {
                (
                    "NR Thm. 3 (εc)",
                    "NR Thm. 3 (εd)",
                    "NR §3.3 Remarks (εc-AΔU)",
                )
            };
            (
                b,
                e,
                vec![
                    (Stat::Collision, vec![Bound::pow2("paper", c, e, tc)]),
                    (Stat::Delta, vec![Bound::pow2("paper", c, e, ta)]),
                    (Stat::Dist, vec![Bound::pow2("paper", 1.0, e, td)]),
                ],
            )
        }
    };
    Spec {
        family,
        panel,
        name,
        params: match cons.trunc {
            Some(_) => format!("t={t}, b={b}"),
            None if n > 1 => format!("n={n}, t={t}"),
            None => format!("t={t}"),
        },
        x,
        exp,
        cons: Box::new(cons),
        extras: Extras {
            joint: false,
            dist: true,
        },
        stats,
    }
}

/// The specs at width b.
pub fn specs(b: u32, kind: Kind) -> Vec<Spec> {
    let mut out = Vec::new();
    match kind {
        Kind::Digest => {
            if (1..=10).contains(&b) {
                out.push(spec(kind, b, 1, Digest::new(b, 1, 1)));
            }
            if (1..=7).contains(&b) {
                out.push(spec(kind, b, 2, Digest::new(b, 2, 1)));
            }
        }
        Kind::DigestMw => {
            if (1..=7).contains(&b) {
                out.push(spec(kind, b, 1, Digest::new(b, 1, 2)));
            }
            if (1..=5).contains(&b) {
                out.push(spec(kind, b, 2, Digest::new(b, 2, 2)));
            }
        }
        Kind::Trunc => {
            if (2..=8).contains(&b) {
                for bits in 1..b {
                    out.push(spec(kind, b, 1, Digest::truncated(b, 1, bits)));
                }
            }
        }
    }
    out
}

/// The paper's tightness remarks against the measured digest rows (t = 1).
pub fn notes(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    for r in rows
        .iter()
        .filter(|r| r.name == "digest" && r.params == "t=1")
    {
        let ratio = r.count as f64 * f64::from(r.exp).exp2() / r.keys as f64;
        match r.stat {
            Stat::Collision => out.push(format!(
                "digest b={}: εc measured {}·2^-{b} — {} 2^-{b}, so (NR §3.2 Remarks) the bound \
                 2^(1-b) \"cannot be reduced to 2^-b\"{}; it is {} of 2^(1-b).",
                r.x,
                super::report::num(ratio),
                if ratio > 1.0 { "above" } else { "not above" },
                if ratio > 1.0 {
                    ""
                } else {
                    " is NOT confirmed at this width"
                },
                super::report::num(ratio / 2.0),
                b = r.x,
            )),
            Stat::Dist => out.push(format!(
                "digest b={}: εd measured {}·2^-{b} (NR Remarks: εd = 2^-b is tight){}",
                r.x,
                super::report::num(ratio),
                if (ratio - 1.0).abs() < 1e-12 {
                    " — reached."
                } else {
                    "."
                },
                b = r.x,
            )),
            _ => {}
        }
    }
    out
}
