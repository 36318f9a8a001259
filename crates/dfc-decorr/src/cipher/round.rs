//! The round function of DFC and the 8-round Feistel network, generic over
//! the strategy of the decorrelation module (`k`, any [`Kernels`] type: a
//! strategy's witness, monomorphized through
//! [`Engine::with`](crate::Engine::with)) and over the lookup of `RT` (the
//! portable constant-time scan here; the AVX-512 backend passes its
//! in-register lookup).
//!
//! `RF_{a‖b}(x) = CP(module(a, b, x))`; [`round_function`] uses the
//! crate's default strategy, [`Native`] (the inlined `u128` product and
//! complement reduction of [`crate::module::module`]).

use super::constants::{KC, KD, PAR_BLOCKS, RT, RoundKeys};
use crate::kernels::{Kernels, WithStrategy};
use uhash_base::backend::Native;

/// `RT[idx]` for `idx < 64` without a secret-dependent address or branch:
/// every entry is read and all but one are masked off.
///
/// This is the portable lookup; the result is the same as `RT[idx & 63]`.
#[inline(always)]
#[must_use]
pub fn rt_lookup_ct(idx: u32) -> u32 {
    let idx = idx & 63;
    let mut acc = 0u32;
    for (i, &t) in RT.iter().enumerate() {
        // d = 0 exactly when i == idx; (d − 1) >> 31 is then 1, else 0
        // (d < 64); the negation turns it into an all-ones or zero mask.
        let d = i as u32 ^ idx;
        let mask = (d.wrapping_sub(1) >> 31).wrapping_neg();
        acc |= t & mask;
    }
    acc
}

/// CP with the table lookup `rt`, which must return `RT[y >> 58] << 32`
/// for the module output `y` (the index is the top 6 bits of `yl`).
///
/// `(yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)` is computed as
/// `rotl(y, 32) ⊕ KC ⊕ (RT[…] << 32)` so that only one xor separates the
/// lookup from the final `+ KD`.
#[inline(always)]
pub(crate) fn cp_with(y: u64, rt: &impl Fn(u64) -> u64) -> u64 {
    let z = y.rotate_left(32) ^ u64::from(KC) ^ rt(y);
    z.wrapping_add(KD)
}

/// `RT[y >> 58] << 32` with the portable constant-time lookup.
#[inline(always)]
pub(crate) fn rt_soft(y: u64) -> u64 {
    u64::from(rt_lookup_ct((y >> 58) as u32)) << 32
}

/// The confusion permutation CP of DFC:
/// `CP(yl ‖ yr) = ((yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)) + KD mod 2^64`.
/// Constant time (portable lookup, [`rt_lookup_ct`]).
#[must_use]
pub fn confusion_permutation(y: u64) -> u64 {
    cp_with(y, &rt_soft)
}

/// The round function `RF_{a‖b}(x) = CP(module(a, b, x))` with the
/// decorrelation module `module(a, b, x) = ((a·x + b) mod (2^64+13)) mod 2^64`.
/// Constant time.
#[must_use]
pub fn round_function(a: u64, b: u64, x: u64) -> u64 {
    confusion_permutation(Native.module(a, b, x))
}

/// One Feistel round with the module strategy `k`: `(L, R) → (R, L ⊕ RF(R))`.
#[inline(always)]
pub(crate) fn round<K: Kernels>(
    k: K,
    a: u64,
    b: u64,
    lr: (u64, u64),
    rt: &impl Fn(u64) -> u64,
) -> (u64, u64) {
    (lr.1, lr.0 ^ cp_with(k.module(a, b, lr.1), rt))
}

/// The 8-round network on `L ‖ R` with the module strategy `m`, returning
/// the output `R ‖ L`.
#[inline(always)]
pub(crate) fn encrypt_words<K: Kernels>(
    m: K,
    rk: &RoundKeys,
    l: u64,
    r: u64,
    rt: &impl Fn(u64) -> u64,
) -> (u64, u64) {
    let mut lr = (l, r);
    for k in rk.chunks_exact(2) {
        lr = round(m, k[0], k[1], lr, rt);
    }
    (lr.1, lr.0)
}

/// The inverse of [`encrypt_words`]: the same network, keys reversed.
#[inline(always)]
pub(crate) fn decrypt_words<K: Kernels>(
    m: K,
    rk: &RoundKeys,
    l: u64,
    r: u64,
    rt: &impl Fn(u64) -> u64,
) -> (u64, u64) {
    let mut lr = (l, r);
    for k in rk.chunks_exact(2).rev() {
        lr = round(m, k[0], k[1], lr, rt);
    }
    (lr.1, lr.0)
}

/// [`PAR_BLOCKS`] blocks `(L, R)` encrypted side by side (round-major order so that
/// the independent chains interleave).
#[inline(always)]
pub(crate) fn encrypt_par<K: Kernels>(
    m: K,
    rk: &RoundKeys,
    blocks: &mut [(u64, u64); PAR_BLOCKS],
    rt: &impl Fn(u64) -> u64,
) {
    for k in rk.chunks_exact(2) {
        for lr in blocks.iter_mut() {
            *lr = round(m, k[0], k[1], *lr, rt);
        }
    }
    for lr in blocks.iter_mut() {
        *lr = (lr.1, lr.0);
    }
}

/// [`PAR_BLOCKS`] blocks decrypted side by side.
#[inline(always)]
pub(crate) fn decrypt_par<K: Kernels>(
    m: K,
    rk: &RoundKeys,
    blocks: &mut [(u64, u64); PAR_BLOCKS],
    rt: &impl Fn(u64) -> u64,
) {
    for k in rk.chunks_exact(2).rev() {
        for lr in blocks.iter_mut() {
            *lr = round(m, k[0], k[1], *lr, rt);
        }
    }
    for lr in blocks.iter_mut() {
        *lr = (lr.1, lr.0);
    }
}

/// One block through the network as a [`WithStrategy`] task: encryption
/// when `ENC`, else decryption.
pub(crate) struct Block<'a, F, const ENC: bool> {
    pub rk: &'a RoundKeys,
    pub lr: (u64, u64),
    pub rt: &'a F,
}

impl<F: Fn(u64) -> u64, const ENC: bool> WithStrategy for Block<'_, F, ENC> {
    type Output = (u64, u64);
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) -> (u64, u64) {
        let (l, r) = self.lr;
        if ENC {
            encrypt_words(k, self.rk, l, r, self.rt)
        } else {
            decrypt_words(k, self.rk, l, r, self.rt)
        }
    }
}

/// [`PAR_BLOCKS`] blocks side by side as a [`WithStrategy`] task:
/// encryption when `ENC`, else decryption.
pub(crate) struct Par<'a, F, const ENC: bool> {
    pub rk: &'a RoundKeys,
    pub blocks: &'a mut [(u64, u64); PAR_BLOCKS],
    pub rt: &'a F,
}

impl<F: Fn(u64) -> u64, const ENC: bool> WithStrategy for Par<'_, F, ENC> {
    type Output = ();
    #[inline(always)]
    fn run<K: Kernels>(self, k: K) {
        if ENC {
            encrypt_par(k, self.rk, self.blocks, self.rt);
        } else {
            decrypt_par(k, self.rk, self.blocks, self.rt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_matches_table() {
        for i in 0..64 {
            assert_eq!(rt_lookup_ct(i), RT[i as usize]);
        }
        assert_eq!(RT[63], 0xe67008e1);
    }
}
