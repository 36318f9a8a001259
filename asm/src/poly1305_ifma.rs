//! Poly1305 with AVX-512 IFMA: the 16-block group loop of `poly1305-aes`'s
//! IFMA backend (x86-64, System V ABI; `x86_64/poly1305_ifma.S`).
//!
//! The setup (powers of r, the first group, the final lane multiply) and
//! the tail stay in the family crate (`poly1305-aes`, backend `ifma-asm`
//! in `backend/ffi_x86_64.rs`), shared with its intrinsics path
//! (`backend/x86_ifma/`); this kernel only runs the loop over whole
//! 256-byte groups.

#[cfg(target_arch = "x86_64")]
crate::prefixed! {
    /// The IFMA group loop: for each of `groups` 256-byte groups at
    /// `data`, A ← A·r^16 + m(bytes 0..128) and B ← B·r^16 + m(bytes
    /// 128..256), with A = `acc[0..3]`, B = `acc[3..6]` (three radix-2^44
    /// limb rows of eight 64-bit lanes each, limb row i at `acc + 8·i`)
    /// and m(128 bytes) the eight blocks, each plus 2^128, lane t holding
    /// block ⌊t/2⌋ + 4·(t mod 2). r^16 is read from `p16[0]`, `p16[8]`,
    /// `p16[16]` (lane 0 of each limb row of `x86_ifma::Powers::p16`). Two
    /// groups per step share one carry (A·r^32 + m₁·r^16 + m₂), so the
    /// result equals the one-group loop's modulo 2^130 − 5, not limb for
    /// limb; limbs out are < 2^44 + 2^16.
    ///
    /// # Safety
    /// The CPU supports AVX-512 F, IFMA and VBMI2; `acc` is valid for
    /// reading and writing 48 `u64`s, `p16` for reading 17 `u64`s, and
    /// `data` for reading `256·groups` bytes (any alignment). The limbs of
    /// `acc` are < 2^45 and those of r^16 < 2^44 + 2^16 (the bounds of
    /// the module docs in the `.S` file; the crate's carried values
    /// satisfy them). Reads nothing else; constant time in the data and
    /// key (only `groups` steers the loop).
    pub fn poly1305_ifma_vbmi2_groups(
        acc: *mut u64,
        p16: *const u64,
        data: *const u8,
        groups: usize,
    );
}
