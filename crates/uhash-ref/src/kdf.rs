//! Key expansion, as `uhash-base::kdf` specifies it, written plainly:
//!
//! ```text
//! expand(seed, label, len) = first len bytes of AES-128_seed(B_0) ‖ AES-128_seed(B_1) ‖ …
//!     B_j = LE64(label) ‖ LE64(j)
//! label(family, lanes, level, index) = family·2^48 + lanes·2^40 + level·2^32 + index
//! ```

use aes::cipher::{BlockCipherEncrypt, KeyInit};

/// The label packing of uhash-base: family (16 bits) ‖ lanes (8) ‖ level (8) ‖ index (32).
#[must_use]
pub fn label(family: u16, lanes: u8, level: u8, index: u32) -> u64 {
    u64::from(family) * (1 << 48)
        + u64::from(lanes) * (1 << 40)
        + u64::from(level) * (1 << 32)
        + u64::from(index)
}

/// The first `len` bytes of the AES-128-CTR stream of `label` under `seed`.
#[must_use]
pub fn expand(seed: &[u8; 16], label: u64, len: usize) -> Vec<u8> {
    let aes = aes::Aes128::new(seed.into());
    let mut out = Vec::with_capacity(len + 16);
    let mut j: u64 = 0;
    while out.len() < len {
        let mut block = [0u8; 16];
        block[..8].copy_from_slice(&label.to_le_bytes());
        block[8..].copy_from_slice(&j.to_le_bytes());
        let mut b = block.into();
        aes.encrypt_block(&mut b);
        let b: [u8; 16] = b.into();
        out.extend_from_slice(&b);
        j += 1;
    }
    out.truncate(len);
    out
}
