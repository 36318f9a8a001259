//! Messages of the reduced-width constructions as indices: words packed in
//! a `u64`, the edge values that start the search, every vector over them,
//! every pair, and variable-length messages.

/// Little-endian words of `bits` bits packed in an index.
pub fn unpack(index: u64, bits: u32, count: usize) -> [u64; 8] {
    unpack_n(index, bits, count)
}

/// [`unpack`] into an array of `N` words (the first `count` set, at most
/// `N`).
pub fn unpack_n<const N: usize>(index: u64, bits: u32, count: usize) -> [u64; N] {
    let mut w = [0u64; N];
    let mask = (1u64 << bits) - 1;
    for (i, slot) in w.iter_mut().enumerate().take(count) {
        *slot = (index >> (bits * i as u32)) & mask;
    }
    w
}

/// Packs little-endian words of `bits` bits.
pub fn pack(words: &[u64], bits: u32) -> u64 {
    words
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &w)| acc | (w << (bits * i as u32)))
}

/// Values at the edges of a `bits`-bit word and of the modulus `p`: the
/// first candidates for worst-case pairs (carries and wraps happen there).
pub fn edge_values(bits: u32, p: u64) -> Vec<u64> {
    let top = (1u64 << bits) - 1;
    let half = 1u64 << (bits - 1);
    let mut v = vec![0, 1, 2, 3, half - 1, half, half + 1, top - 2, top - 1, top];
    let excess = p.saturating_sub(top + 1);
    if excess > 0 && excess <= top {
        v.extend([excess, top + 1 - excess]);
    }
    v.retain(|&x| x <= top);
    v.sort_unstable();
    v.dedup();
    v
}

/// Every vector of `count` words over `values`, packed.
pub fn vectors(values: &[u64], bits: u32, count: usize) -> Vec<u64> {
    let mut out = vec![0u64];
    for i in 0..count {
        out = out
            .iter()
            .flat_map(|&acc| values.iter().map(move |&v| acc | (v << (bits * i as u32))))
            .collect();
    }
    out
}

/// Every unordered pair of distinct entries.
pub fn all_pairs(items: &[u64]) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for (i, &a) in items.iter().enumerate() {
        for &b in &items[i + 1..] {
            out.push((a, b));
        }
    }
    out
}

/// Messages of 0 to `max_units` units of `unit_bits` bits, indexed by
/// length first (index 0 is the empty message, then the 2^unit_bits
/// one-unit messages, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarMsgs {
    /// Bits per unit (the reduced "byte").
    pub unit_bits: u32,
    /// The longest message, in units.
    pub max_units: u32,
}

impl VarMsgs {
    /// The number of messages.
    pub fn count(self) -> u64 {
        (0..=self.max_units)
            .map(|l| 1u64 << (self.unit_bits * l))
            .sum()
    }

    /// The index of the message `units`.
    pub fn index(self, units: &[u64]) -> u64 {
        let offset: u64 = (0..units.len() as u32)
            .map(|l| 1u64 << (self.unit_bits * l))
            .sum();
        offset + pack(units, self.unit_bits)
    }

    /// The message of an index: its units (little-endian) and length.
    pub fn decode(self, mut index: u64) -> ([u64; 8], usize) {
        let mut len = 0;
        while index >= 1u64 << (self.unit_bits * len) {
            index -= 1u64 << (self.unit_bits * len);
            len += 1;
        }
        (unpack(index, self.unit_bits, len as usize), len as usize)
    }

    /// A message for display: `⟨⟩`, `⟨3, 0⟩`.
    pub fn show(self, index: u64) -> String {
        let (u, len) = self.decode(index);
        let s: Vec<String> = u[..len].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }

    /// Structured messages: every message of at most `short` units over
    /// `values`, and each of them followed by zero units (padding
    /// ambiguity) up to the longest length.
    pub fn structured(self, values: &[u64], short: u32) -> Vec<u64> {
        let mut out = Vec::new();
        for len in 0..=short.min(self.max_units) {
            for v in vectors(values, self.unit_bits, len as usize) {
                let units = unpack(v, self.unit_bits, len as usize);
                for pad in len..=self.max_units {
                    out.push(self.index(&units[..pad as usize]));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}
