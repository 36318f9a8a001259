//! The key schedule of DFC: the key padded with [`KS`] to 256 bits, then
//! round keys from iterating a 4-round DFC under keys derived from the
//! padded key, [`KA`] and [`KB`].

use super::constants::{KA, KB, KS, MAX_KEY_BYTES, ROUNDS, RoundKeys};
use super::round::round;
use crate::kernels::{Kernels, WithStrategy};
use zeroize::Zeroize;

/// The key schedule from the padded key `PK_1..PK_8` (32-bit words), its
/// rounds run with the module strategy `m`.
#[inline(always)]
pub(crate) fn expand_with<K: Kernels>(m: K, pk: &[u32; 8], rt: &impl Fn(u64) -> u64) -> RoundKeys {
    let w = |i: usize, j: usize| (u64::from(pk[i - 1]) << 32) | u64::from(pk[j - 1]);
    let (oap, obp, eap, ebp) = (w(1, 8), w(5, 4), w(2, 7), w(6, 3));
    let mut rk = [0u64; 2 * ROUNDS];
    let mut prev = (0u64, 0u64);
    for i in 0..ROUNDS {
        // RK_{i+1}: odd rounds (i + 1 odd) use OK, even rounds EK.
        let (ap, bp) = if i % 2 == 0 { (oap, obp) } else { (eap, ebp) };
        let mut lr = prev;
        for (ka, kb) in KA.iter().zip(KB.iter()) {
            lr = round(m, ap ^ ka, bp ^ kb, lr, rt);
        }
        prev = (lr.1, lr.0);
        rk[2 * i] = prev.0;
        rk[2 * i + 1] = prev.1;
    }
    rk
}

/// The key schedule as a [`WithStrategy`] task: the padded key and the
/// lookup of `RT`.
pub(crate) struct Expand<'a, F>(pub &'a [u32; 8], pub &'a F);

impl<F: Fn(u64) -> u64> WithStrategy for Expand<'_, F> {
    type Output = RoundKeys;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) -> RoundKeys {
        expand_with(k, self.0, self.1)
    }
}

/// The 256-bit `PK`: the first `bits` bits of `key` followed by the first
/// `256 − bits` bits of [`KS`]. The caller checks
/// `key.len() == bits.div_ceil(8)` and `1 <= bits <= 256`.
pub(crate) fn padded_key(key: &[u8], bits: usize) -> [u32; 8] {
    let mut buf = [0u8; MAX_KEY_BYTES];
    buf[..key.len()].copy_from_slice(key);
    if !bits.is_multiple_of(8) {
        // keep the first `bits % 8` bits of the last byte
        buf[bits / 8] &= 0xffu8 << (8 - bits % 8);
    }
    // KS >> bits, as 256-bit big-endian integers in 64-bit limbs. `bits`
    // is public: the shift amounts and limb indices depend on it only.
    let ks = [
        (u64::from(KS[0]) << 32) | u64::from(KS[1]),
        (u64::from(KS[2]) << 32) | u64::from(KS[3]),
        (u64::from(KS[4]) << 32) | u64::from(KS[5]),
        (u64::from(KS[6]) << 32) | u64::from(KS[7]),
    ];
    let (q, s) = (bits / 64, bits % 64);
    let mut pk = [0u32; 8];
    for (i, pair) in pk.chunks_exact_mut(2).enumerate() {
        let mut limb = u64::from_be_bytes(buf[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        if i >= q {
            limb |= ks[i - q] >> s;
            if s != 0 && i > q {
                limb |= ks[i - q - 1] << (64 - s);
            }
        }
        pair[0] = (limb >> 32) as u32;
        pair[1] = limb as u32;
    }
    buf.zeroize();
    pk
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_key_appends_ks() {
        // 128-bit key: PK = key ‖ KS_1..KS_4.
        let key = [0x11u8; 16];
        let pk = padded_key(&key, 128);
        assert_eq!(&pk[..4], &[0x1111_1111; 4]);
        assert_eq!(&pk[4..], &KS[..4]);
        // 256-bit key: no padding.
        assert_eq!(padded_key(&[0xffu8; 32], 256), [u32::MAX; 8]);
        // 4 bits: 0xA, then KS shifted right by 4.
        let pk = padded_key(&[0xa5], 4);
        assert_eq!(pk[0], 0xa000_0000 | (KS[0] >> 4));
        assert_eq!(pk[1], (KS[0] << 28) | (KS[1] >> 4));
        // 72 bits: the shift crosses a limb boundary.
        let pk = padded_key(&[0; 9], 72);
        assert_eq!(pk[2], KS[0] >> 8);
        assert_eq!(pk[3], (KS[0] << 24) | (KS[1] >> 8));
    }
}
