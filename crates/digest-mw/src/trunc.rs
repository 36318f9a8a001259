//! trunc_{b′}(digest) (Nguyen–Roscoe **Eq. (4), Theorem 2**): the b′ low
//! bits of digest.

use uhash_base::Error;

use crate::kernels::Engine;
use crate::word::Word;

impl Engine {
    /// trunc_{b′}(digest(k, m)) (Nguyen–Roscoe **Eq. (4), Theorem 2**): the
    /// b′ = `bits` least significant bits of [`Engine::digest`], i.e. the
    /// same sum mod 2^{b′}. Key t + 1 words; output b′ bits (in a `W`).
    ///
    /// **Bound** (Theorem 2, b′ ∈ 1..b−1): ε_c = 2^(1−b′), ε_d = 2^(−b′).
    /// `bits = b` is also accepted (no truncation: Theorem 1).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (`bits` outside 1..=b), then as
    /// [`Engine::digest`].
    pub fn digest_trunc<W: Word>(self, key: &[W], msg: &[u8], bits: u32) -> Result<W, Error> {
        if bits == 0 || bits > W::BITS {
            return Err(Error::InvalidParameter {
                name: "bits",
                reason: "the truncated width b' must be in 1..=b",
            });
        }
        let d = self.digest(key, msg)?.to_u64();
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        Ok(W::from_u64(d & mask))
    }
}

/// trunc_{b′}(digest) (Eq. (4), Theorem 2: ε_c = 2^(1−b′), ε_d = 2^(−b′)),
/// b′ = `bits` ∈ 1..=b. [`Engine::digest_trunc`] with the fastest backend
/// of this CPU.
///
/// # Errors
/// As [`Engine::digest_trunc`].
pub fn digest_trunc<W: Word>(key: &[W], msg: &[u8], bits: u32) -> Result<W, Error> {
    Engine::detect().digest_trunc(key, msg, bits)
}
