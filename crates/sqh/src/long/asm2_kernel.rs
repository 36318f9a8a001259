//! [`Asm2Kernel`]: SQHasm2 (Def. 10) over one chunk.

use uhash_base::kdf::family;
use uhash_base::pw::Elem;

use super::Level1;
use crate::kernels::{COLS, Engine, Kernels};

/// SQHasm2 as the function of a [`SqhKernel`](super::SqhKernel): exact
/// column sums of the squares of the truncated sums (the value is what
/// counts).
#[derive(Clone, Copy, Debug)]
pub struct Asm2;

impl Level1 for Asm2 {
    const KERNEL: &'static str = "Asm2Kernel";
    const FAMILY: u16 = family::SQH + 10;

    fn columns<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> [u128; COLS] {
        e.sum_squares::<W, false>(key, msg)
    }

    /// The value's limbs, carries propagated (a chunk's Σ aᵢ² is below
    /// 4096·2^(2L) < 2^(32(2W+1))).
    fn row<const W: usize>(cols: &[u128; COLS]) -> [u32; COLS] {
        let mut out = [0u32; COLS];
        let mut carry = 0u128;
        for (o, c) in out.iter_mut().zip(cols).take(2 * W + 1) {
            let v = c + carry;
            *o = v as u32;
            carry = v >> 32;
        }
        out
    }

    fn finish<const W: usize>(cols: &[u128; COLS]) -> Elem<W> {
        crate::sqhasm2::finish::<W>(cols)
    }
}

/// SQHasm2 (Def. 10, output mod 2^L) over one chunk of k = C/4W
/// elements, the L-bit value split into lanes. Family `0x020A`.
/// Level-1 bound mod p: 2·2^-L (Thm. 7).
pub type Asm2Kernel<const W: usize> = super::SqhKernel<Asm2, W>;
