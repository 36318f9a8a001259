//! Adiantum's NH ([`NhAdiantum`], [`nh_adiantum`]): the argument checks,
//! the key in the kernel's layout, and the output bytes.

use core::fmt;

use uhash_mmh::{Engine32, Kernels32, nh_adiantum_key_layout};
use zeroize::Zeroize;

use crate::{Backend, Error};

/// Bytes of an NH key: 1024 for a message plus 3 units for the passes.
pub const KEY_BYTES: usize = 1072;
/// Bytes of an NH output: four 64-bit sums.
pub const OUT_BYTES: usize = 32;
/// The longest NH message, in bytes.
pub const MAX_MSG_BYTES: usize = 1024;
/// Bytes of an NH unit: message lengths are whole units.
pub const UNIT_BYTES: usize = 16;

/// Key words.
const WORDS: usize = KEY_BYTES / 4;

/// The zero bytes that round [`NhAdiantum`] up to its alignment: a move
/// copies implicit padding from wherever the temporary was built.
const FILL: usize = (4 - size_of::<Engine32>() % 4) % 4;

/// Adiantum's NH keyed with a 1072-byte key (see the [crate docs](crate)
/// for the definition and its ε = 2^-128 over messages of equal length):
/// messages of 16 to 1024 bytes, a multiple of 16; output S₀ ‖ S₁ ‖ S₂ ‖
/// S₃, 32 bytes. The key is stored in the kernel's paired layout and wiped
/// on drop.
#[derive(Clone)]
#[repr(C)]
pub struct NhAdiantum {
    words: [u32; WORDS],
    engine: Engine32,
    fill: [u8; FILL],
}

const _: () = assert!(size_of::<NhAdiantum>() == 4 * WORDS + size_of::<Engine32>() + FILL);

impl NhAdiantum {
    /// The key `key` on the fastest backend of this CPU.
    #[must_use]
    pub fn new(key: &[u8; KEY_BYTES]) -> Self {
        Self::new_with_engine(key, Engine32::detect())
    }

    /// The key `key` on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this build or CPU cannot run it.
    pub fn new_with_backend(key: &[u8; KEY_BYTES], backend: Backend) -> Result<Self, Error> {
        Ok(Self::new_with_engine(key, Engine32::new(backend)?))
    }

    /// The key `key` on `engine`.
    #[must_use]
    pub fn new_with_engine(key: &[u8; KEY_BYTES], engine: Engine32) -> Self {
        let mut nh = Self {
            words: [0; WORDS],
            engine,
            fill: [0; FILL],
        };
        nh.set_key(key);
        nh
    }

    /// Replace the key words (in place: no copy of them on the stack).
    pub(crate) fn set_key(&mut self, key: &[u8; KEY_BYTES]) {
        // The lengths match by construction (1072 bytes, 268 words).
        let laid = nh_adiantum_key_layout(key, &mut self.words);
        debug_assert!(laid.is_ok());
    }

    /// The engine NH runs on.
    #[must_use]
    pub fn engine(&self) -> Engine32 {
        self.engine
    }

    /// The backend NH runs on.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// NH of `msg`: S₀ ‖ S₁ ‖ S₂ ‖ S₃, each 8 bytes little-endian.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] unless `msg` holds 16 to 1024
    /// bytes, a multiple of 16.
    pub fn compute(&self, msg: &[u8]) -> Result<[u8; OUT_BYTES], Error> {
        check_msg(msg.len())?;
        Ok(self.sums_bytes(msg))
    }

    /// NH of a checked (or zero-padded) chunk: 16..=1024 bytes, whole
    /// units (fewer are not read).
    #[inline]
    pub(crate) fn sums_bytes(&self, chunk: &[u8]) -> [u8; OUT_BYTES] {
        let mut out = [0u8; OUT_BYTES];
        self.sums_into(chunk, &mut out);
        out
    }

    /// NH of a message that ends in a partial unit (`msg` of 1..=1024
    /// bytes, its length not a multiple of 16), zero-padded to whole units,
    /// into `out`: the whole units in place, the last one from a 16-byte
    /// copy with the key words from its unit on (NH is a sum over units,
    /// mod 2^64), so that no 1 KiB copy is made and wiped.
    #[inline]
    pub(crate) fn sums_padded_into(&self, msg: &[u8], out: &mut [u8; OUT_BYTES]) {
        let whole = msg.len() & !(UNIT_BYTES - 1);
        let mut unit = [0u8; UNIT_BYTES];
        unit[..msg.len() - whole].copy_from_slice(&msg[whole..]);
        let from = 4 * (whole / UNIT_BYTES);
        let mut sums = self
            .engine
            .nh_adiantum_sums(self.words.get(from..).unwrap_or(&[]), &unit);
        unit.zeroize();
        if whole > 0 {
            let head = self.engine.nh_adiantum_sums(&self.words, &msg[..whole]);
            for (s, h) in sums.iter_mut().zip(head) {
                *s = s.wrapping_add(h);
            }
        }
        for (o, s) in out.as_chunks_mut::<8>().0.iter_mut().zip(sums) {
            *o = s.to_le_bytes();
        }
    }

    /// [`Self::sums_bytes`] written into `out` in place, each sum by one
    /// 8-byte store (returned by value and copied, the output was read
    /// back in 16-byte loads from the 8-byte stores that wrote it: a
    /// store-forwarding stall per chunk).
    #[inline(always)]
    pub(crate) fn sums_into(&self, chunk: &[u8], out: &mut [u8; OUT_BYTES]) {
        let sums = self.engine.nh_adiantum_sums(&self.words, chunk);
        for (o, s) in out.as_chunks_mut::<8>().0.iter_mut().zip(sums) {
            *o = s.to_le_bytes();
        }
    }
}

/// The length check of [`NhAdiantum::compute`].
fn check_msg(got: usize) -> Result<(), Error> {
    if got == 0 || got > MAX_MSG_BYTES || !got.is_multiple_of(UNIT_BYTES) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "Adiantum's NH takes 16 to 1024 bytes, a multiple of 16",
        });
    }
    Ok(())
}

/// One-shot [`NhAdiantum::compute`] on the fastest backend.
///
/// # Errors
/// [`Error::InvalidMessageLength`] unless `msg` holds 16 to 1024 bytes, a
/// multiple of 16.
pub fn nh_adiantum(key: &[u8; KEY_BYTES], msg: &[u8]) -> Result<[u8; OUT_BYTES], Error> {
    check_msg(msg.len())?;
    Ok(NhAdiantum::new(key).sums_bytes(msg))
}

impl fmt::Debug for NhAdiantum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NhAdiantum")
            .field("backend", &self.backend())
            .finish_non_exhaustive()
    }
}

impl Drop for NhAdiantum {
    fn drop(&mut self) {
        self.words.zeroize();
    }
}
