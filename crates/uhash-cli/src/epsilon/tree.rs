//! The MMH hash tree (MMH §2.4, `uhash::mmh::Mmh32Tree`) at a reduced width.
//!
//! **Definition** (`crates/mmh/src/tree.rs` and
//! `uhash_ref::mmh_tree::mmh_tree_b`, with 32 replaced by b): k = 2 words
//! per block; a message is 0 to 4 words of b bits (the reduced "byte" is a
//! word, so the length L counts words);
//!
//! 1. while more than k words remain: blocks of k words, the last
//!    zero-padded, each replaced by MMH_b under the level key (2 words);
//! 2. root: the ≤ k words left, zero-padded to k, then L mod 2^b and
//!    ⌊L/2^b⌋, hashed by MMH_b under the root key (k + 2 = 4 words).
//!
//! Messages of up to 2 words have height 1, of 3 or 4 words height 2 (one
//! level). Keys: the level key and the root key, uniform and independent,
//! 2^(6b) in all.
//!
//! **Bound** (the tree's theorem in `uhash::mmh::tree`): h·ε_level with
//! ε_level = 2N·2^-b (Theorem 8 at width b, N = [`super::wrap_count`]) and
//! h = 2 for the longest messages here: **2·2N·2^-b** (12·2^-b where
//! N = 3), and 2N·2^-b for pairs of different lengths.
//!
//! Each pair's histogram is counted over the level keys first (at most
//! 2^(2b) distinct root inputs), then each distinct pair of root inputs over
//! the 2^(4b) root keys ([`Construction::pair_hist`]).

use std::collections::HashMap;

use super::engine::{Construction, Group};
use super::mmh::{Mmh, Variant};
use super::{Bound, Extras, Spec, Stat, VarMsgs, all_pairs, wrap_count};

/// Words per block.
const K: usize = 2;

/// The MMH_b tree with 2-word blocks over messages of up to 4 words.
#[derive(Clone, Debug)]
pub struct Tree {
    /// Word bits.
    pub b: u32,
    level: Mmh,
    root: Mmh,
    /// The messages (units are words).
    pub msgs: VarMsgs,
}

impl Tree {
    /// The tree at width b.
    pub fn new(b: u32) -> Self {
        Tree {
            b,
            level: Mmh::new(b, K as u32, Variant::Mmh),
            root: Mmh::new(b, K as u32 + 2, Variant::Mmh),
            msgs: VarMsgs {
                unit_bits: b,
                max_units: 4,
            },
        }
    }

    /// The root's input for level key `x`: the words left after the levels,
    /// zero-padded to k, then the two length words.
    pub fn root_input(&self, x: [u64; 2], words: &[u64]) -> [u64; 4] {
        let mut v: Vec<u64> = words.to_vec();
        while v.len() > K {
            v = v
                .chunks(K)
                .map(|c| self.level.hash(&x, &[c[0], c.get(1).copied().unwrap_or(0)]))
                .collect();
        }
        let len = words.len() as u64;
        let mask = (1u64 << self.b) - 1;
        [
            v.first().copied().unwrap_or(0),
            v.get(1).copied().unwrap_or(0),
            len & mask,
            len >> self.b,
        ]
    }

    /// The output for a key index (level key low, then the root key).
    pub fn hash(&self, key: u64, words: &[u64]) -> u64 {
        let (b, mask) = (self.b, (1u64 << self.b) - 1);
        let x = [key & mask, (key >> b) & mask];
        let r = [
            (key >> (2 * b)) & mask,
            (key >> (3 * b)) & mask,
            (key >> (4 * b)) & mask,
            (key >> (5 * b)) & mask,
        ];
        self.root.hash(&r, &self.root_input(x, words))
    }
}

impl Construction for Tree {
    fn key_count(&self) -> u64 {
        1 << (6 * self.b)
    }
    fn message_count(&self) -> u64 {
        self.msgs.count()
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let (w, len) = self.msgs.decode(msg);
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.hash(key0 + i as u64, &w[..len]) as u32;
        }
    }
    fn pair_hist(&self, m1: u64, m2: u64, hist: &mut [u64]) -> bool {
        let b = self.b;
        let mask = (1u64 << b) - 1;
        let (w1, l1) = self.msgs.decode(m1);
        let (w2, l2) = self.msgs.decode(m2);
        let mut pairs: HashMap<([u64; 4], [u64; 4]), u64> = HashMap::new();
        for kx in 0..1u64 << (2 * b) {
            let x = [kx & mask, kx >> b];
            let v1 = self.root_input(x, &w1[..l1]);
            let v2 = self.root_input(x, &w2[..l2]);
            *pairs.entry((v1, v2)).or_insert(0) += 1;
        }
        let g = self.group();
        let roots = 1u64 << (4 * b);
        for ((v1, v2), n) in pairs {
            if v1 == v2 {
                hist[0] += n * roots;
                continue;
            }
            for kr in 0..roots {
                let r = [
                    kr & mask,
                    (kr >> b) & mask,
                    (kr >> (2 * b)) & mask,
                    kr >> (3 * b),
                ];
                let d = g.diff(self.root.hash(&r, &v1), self.root.hash(&r, &v2));
                hist[d as usize] += n;
            }
        }
        true
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let v = [0, 1, (1 << self.b) - 1];
        all_pairs(&self.msgs.structured(&v, 3))
    }
    fn show(&self, msg: u64) -> String {
        self.msgs.show(msg)
    }
}

/// The specs at width b (3..=4: 2^(6b) keys per pair).
pub fn specs(b: u32) -> Vec<Spec> {
    if !(3..=4).contains(&b) {
        return Vec::new();
    }
    let t = Tree::new(b);
    let n = wrap_count(t.level.p, b);
    let bound = Bound::custom(
        "ours",
        2.0 * 2.0 * n as f64 * (-f64::from(b)).exp2(),
        format!("2·{}·2^-{b}", 2 * n),
        "uhash::mmh::tree: height h = 2 × ε_level (Thm. 8 at width b)",
    );
    vec![Spec {
        family: "tree",
        panel: "MMH hash tree (§2.4)",
        name: "tree(MMH_b)".into(),
        params: "k=2, ≤4 words (h ≤ 2)".into(),
        x: b,
        exp: b,
        cons: Box::new(t),
        extras: Extras::default(),
        stats: vec![
            (Stat::Delta, vec![bound.clone()]),
            (Stat::Collision, vec![bound]),
        ],
    }]
}
