//! Square Hash kernels (family crate `sqh`, feature `asm`): the inner loops
//! of SQHasm2, SQHE and SQH2 for w = 3 (96-bit elements, the paper's ARM7
//! setting) on 32-bit ARM. Other targets have none.

/// 32-bit ARM (ARMv4T and later, ARM state, AAPCS, little-endian) Square
/// Hash kernels, `armv4/sqh.S`.
#[cfg(target_arch = "arm")]
pub mod armv4 {
    /// The largest `elems` [`sqh_asm2_w3_armv4`] accepts in one call (its
    /// loop counter shares a register with the carries out of 2^192).
    pub const ASM2_MAX_ELEMS: usize = 2047;

    crate::prefixed! {
        /// SQHasm2's sum of squares for w = 3: with aᵢ = (mᵢ + xᵢ) mod
        /// 2^96 (key element i = `key[3i..3i+3]`, message element i =
        /// `msg[3i..3i+3]`, native little-endian words), computes the exact
        /// integer `acc + Σ_{i<elems} aᵢ²`, stores its low 192 bits in
        /// `acc` (6 words, little-endian) and returns the rest (the number
        /// of carries out of 2^192, ≤ 3·`elems`). UMULL/UMLAL only; no
        /// branch or address depends on the data.
        ///
        /// # Safety
        /// The core executes ARM-state code; `elems` ≤ [`ASM2_MAX_ELEMS`];
        /// `key` and `msg` are valid for reading `3·elems` `u32`s each
        /// (word-aligned); `acc` is valid for reading and writing 6 `u32`s
        /// and overlaps neither input.
        pub fn sqh_asm2_w3_armv4(
            key: *const u32,
            msg: *const u32,
            elems: usize,
            acc: *mut u32,
        ) -> u32;

        /// SQHE's carry-dropping columns for w = 3: with aᵢ as for
        /// [`sqh_asm2_w3_armv4`], adds into `acc[c]` (mod 2^32) column
        /// c of C2(aᵢ²) for c = 0..6 and every i < `elems` — every half of
        /// every ordered word product in the column of its weight, cross
        /// products doubled, no carry between columns (`sqh`'s soft
        /// `c2_columns::<3, false>`, low 32 bits of each column).
        ///
        /// # Safety
        /// The core executes ARM-state code; `key` and `msg` are valid for
        /// reading `3·elems` `u32`s each (word-aligned); `acc` is valid for
        /// reading and writing 6 `u32`s and overlaps neither input.
        pub fn sqh_e_w3_armv4(key: *const u32, msg: *const u32, elems: usize, acc: *mut u32);

        /// SQH2's double-word columns for w = 3: with aᵢ as for
        /// [`sqh_asm2_w3_armv4`], adds into the 64-bit column q (`acc[2q]`
        /// its low word, `acc[2q+1]` its high word), mod 2^64, column q of
        /// D2(aᵢ²) for q = 0..3 and every i < `elems` — every ordered word
        /// product whole in column (i+j)/2 at an even position, else lo·2^32
        /// into column ⌊(i+j)/2⌋ and hi into the next (`sqh`'s soft
        /// `d2_pairs::<3>`).
        ///
        /// # Safety
        /// As [`sqh_e_w3_armv4`].
        pub fn sqh2_w3_armv4(key: *const u32, msg: *const u32, elems: usize, acc: *mut u32);
    }
}
