//! [`SqheKernel`]: SQHE (Def. 13) over one chunk.

use uhash_base::kdf::family;
use uhash_base::pw::Elem;

use super::Level1;
use crate::kernels::{COLS, Engine, Kernels};

/// SQHE as the function of a [`SqhKernel`](super::SqhKernel): the C2
/// columns mod 2^32 (their low 32 bits, widened).
#[derive(Clone, Copy, Debug)]
pub struct Sqhe;

impl Level1 for Sqhe {
    const KERNEL: &'static str = "SqheKernel";
    const FAMILY: u16 = family::SQH + 13;

    fn columns<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> [u128; COLS] {
        e.c2_columns::<W, false>(key, msg)
            .map(|c| u128::from(c as u32))
    }

    /// Each column mod 2^32.
    fn row<const W: usize>(cols: &[u128; COLS]) -> [u32; COLS] {
        cols.map(|c| c as u32)
    }

    fn finish<const W: usize>(cols: &[u128; COLS]) -> Elem<W> {
        crate::sqhe::finish::<W>(&cols.map(|c| c as u64))
    }
}

/// SQHE (Def. 13) over one chunk of k = C/4W elements, the L-bit value
/// split into lanes. Family `0x020D`. Level-1 bound mod p: 2·N_E·2^-L
/// (`docs/sqh-spec.md` §4).
pub type SqheKernel<const W: usize> = super::SqhKernel<Sqhe, W>;
