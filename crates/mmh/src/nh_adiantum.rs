//! The key layout of Adiantum's NH kernel
//! ([`crate::Kernels32::nh_adiantum_sums`], the NH of NHPoly1305; the
//! function itself and its argument checks are the `nhpoly1305` crate's).

use crate::Error;

/// The key of [`crate::Kernels32::nh_adiantum_sums`] from its bytes: each
/// 16-byte unit's little-endian words k₀, k₁, k₂, k₃ stored as k₀, k₂, k₁,
/// k₃ (the **paired layout**: word j of a unit pairs with word j + 2, so
/// each pair's two key words are adjacent), written into `out` in place.
///
/// # Errors
/// [`Error::InvalidParameter`] unless `key` is a whole number of 16-byte
/// units and `out` holds `key.len()/4` words.
pub fn nh_adiantum_key_layout(key: &[u8], out: &mut [u32]) -> Result<(), Error> {
    if !key.len().is_multiple_of(16) || out.len() != key.len() / 4 {
        return Err(Error::InvalidParameter {
            name: "key",
            reason: "a whole number of 16-byte units; out one word per 4 key bytes",
        });
    }
    let (units, _) = key.as_chunks::<16>();
    let (words, _) = out.as_chunks_mut::<4>();
    for (w, unit) in words.iter_mut().zip(units) {
        let (k, _) = unit.as_chunks::<4>();
        *w = [0, 2, 1, 3].map(|j| u32::from_le_bytes(k[j]));
    }
    Ok(())
}
