//! The word types of the definitions: b = 16, 32, 64 as `u16`, `u32`,
//! `u64`. Plain arithmetic only: the trait knows nothing of backends (the
//! b = 32 fast path is chosen by `Engine::digest_mw`, through the kernel
//! trait, after [`Word::as_u32`] says the words are 32-bit).

mod sealed {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// A digest word: `u16`, `u32` or `u64` (b = 16, 32, 64). Sealed.
///
/// b = 32 runs on the backend of the [`Engine`](crate::Engine); b = 16 and
/// b = 64 always run the portable code.
pub trait Word: sealed::Sealed + Copy + Default + Eq + core::fmt::Debug + 'static {
    /// b, the word width in bits.
    const BITS: u32;
    /// b/8, the word width in bytes.
    const BYTES: usize;
    /// The word of `bytes` (exactly [`Word::BYTES`] of them), little-endian.
    #[doc(hidden)]
    fn read_le(bytes: &[u8]) -> Self;
    /// The value, zero-extended.
    #[doc(hidden)]
    fn to_u64(self) -> u64;
    /// The low b bits of `v`.
    #[doc(hidden)]
    fn from_u64(v: u64) -> Self;
    /// `words` as `u32`s when b = 32 (the words of the engine's kernels),
    /// else `None`.
    #[doc(hidden)]
    fn as_u32(words: &[Self]) -> Option<&[u32]>;
    /// `words` as `u32`s when b = 32, else `None`.
    #[doc(hidden)]
    fn as_u32_mut(words: &mut [Self]) -> Option<&mut [u32]>;
}

macro_rules! word {
    ($t:ty, $bits:literal, |$w:ident| $as_u32:expr, |$m:ident| $as_u32_mut:expr) => {
        impl Word for $t {
            const BITS: u32 = $bits;
            const BYTES: usize = $bits / 8;
            #[inline(always)]
            fn read_le(bytes: &[u8]) -> Self {
                bytes.try_into().map_or(0, <$t>::from_le_bytes)
            }
            #[inline(always)]
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn as_u32($w: &[Self]) -> Option<&[u32]> {
                $as_u32
            }
            #[inline(always)]
            fn as_u32_mut($m: &mut [Self]) -> Option<&mut [u32]> {
                $as_u32_mut
            }
        }
    };
}
word!(u16, 16, |_w| None, |_m| None);
word!(u32, 32, |w| Some(w), |m| Some(m));
word!(u64, 64, |_w| None, |_m| None);
