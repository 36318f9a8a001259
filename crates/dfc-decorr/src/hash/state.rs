//! [`DfcState`]: one message being hashed in pieces — the Horner
//! accumulator, the pending partial block and the byte count. It holds no
//! key: [`DfcHash`](super::DfcHash) (and, through
//! [`MacHash`](uhash_base::mac::MacHash), the MAC) passes a and b in.

use super::split::{BLOCK_BYTES, KeyPowers, absorb_blocks};
use uhash_base::block::top_up;
use uhash_base::p64::horner_step;
use zeroize::Zeroize;

/// The state of one message of the Horner hash (see the
/// [module docs](super) for the definition): streaming, any split of the
/// message into [`DfcHash::update`](super::DfcHash::update) (or
/// `MacState::update`) calls gives the same output. The state is zeroized
/// on drop; `Debug` prints only the byte count.
///
/// The accumulator is kept as two `u64` words so that the struct (and
/// [`DfcHash`](super::DfcHash) around it) has no padding: padding is not
/// wiped on drop, and building or moving a value may leave stale key
/// bytes in it.
#[derive(Clone)]
pub struct DfcState {
    /// The Horner accumulator, a residue in [0, p): low and high words.
    acc: [u64; 2],
    /// The pending partial block.
    buf: [u8; BLOCK_BYTES],
    buf_len: usize,
    /// Bytes absorbed so far.
    total: u64,
}

impl Default for DfcState {
    fn default() -> Self {
        Self::new()
    }
}

impl DfcState {
    /// The state of an empty message.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            acc: [0; 2],
            buf: [0; BLOCK_BYTES],
            buf_len: 0,
            total: 0,
        }
    }

    /// Absorb message bytes under the key a (`pw` holds a and its powers).
    #[inline(always)]
    pub(crate) fn update(&mut self, pw: &KeyPowers, mut data: &[u8]) {
        self.total = self.total.wrapping_add(data.len() as u64);
        if self.buf_len > 0 {
            if !top_up(&mut self.buf, &mut self.buf_len, &mut data) {
                return;
            }
            self.set_acc(horner_step(
                pw.a(),
                self.acc(),
                u64::from_le_bytes(self.buf),
            ));
            self.buf_len = 0;
        }
        let (blocks, rest) = data.as_chunks::<BLOCK_BYTES>();
        self.set_acc(absorb_blocks(pw, self.acc(), blocks));
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// H under the key (a, b) of the bytes absorbed since the last reset
    /// (`pw` holds a); leaves the state reset.
    #[inline(always)]
    pub(crate) fn finalize_reset(&mut self, pw: &KeyPowers, b: u64) -> u64 {
        let a = pw.a();
        let mut acc = self.acc();
        if self.buf_len > 0 {
            // The pending block, zero-padded: the bytes past `buf_len`
            // (1..=7, public) are stale, so they are masked off.
            let keep = u64::MAX >> (64 - 8 * self.buf_len as u32);
            acc = horner_step(a, acc, u64::from_le_bytes(self.buf) & keep);
        }
        let acc = horner_step(a, acc, self.total);
        let out = horner_step(a, acc, b) as u64;
        self.reset();
        out
    }

    #[inline(always)]
    fn acc(&self) -> u128 {
        u128::from(self.acc[1]) << 64 | u128::from(self.acc[0])
    }

    #[inline(always)]
    fn set_acc(&mut self, acc: u128) {
        self.acc = [acc as u64, (acc >> 64) as u64];
    }

    /// Forget the message so far.
    pub fn reset(&mut self) {
        self.acc = [0; 2];
        self.buf = [0; BLOCK_BYTES];
        self.buf_len = 0;
        self.total = 0;
    }

    /// Bytes absorbed since the last reset (modulo 2^64).
    #[must_use]
    pub const fn bytes_absorbed(&self) -> u64 {
        self.total
    }
}

impl Drop for DfcState {
    fn drop(&mut self) {
        self.acc.zeroize();
        self.buf.zeroize();
    }
}

impl zeroize::ZeroizeOnDrop for DfcState {}

impl core::fmt::Debug for DfcState {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DfcState")
            .field("bytes_absorbed", &self.total)
            .finish_non_exhaustive()
    }
}
