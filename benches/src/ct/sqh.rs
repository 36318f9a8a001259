//! `sqh`: SQH and SQHU on one element, the six vector functions (SQH*,
//! SQHasm, SQHasm2, SQHc, SQHc2, SQHE) and the Toeplitz construction over
//! each, for w = 1..5 words, and the eight long hashes with their MACs, on
//! every backend of the engine.

use sqh::{
    Asm2x32Hash, Asm2x64Hash, Asm2x96Hash, Asm2x128Hash, Elem, Engine, Sqhe32Hash, Sqhe64Hash,
    Sqhe96Hash, Sqhe128Hash, Variant,
};

use super::long::{self, long_types};
use super::{Target, words32};

const F: &str = "sqh";

long_types!(Engine: Asm2x32Hash Asm2x64Hash Asm2x96Hash Asm2x128Hash Sqhe32Hash Sqhe64Hash Sqhe96Hash Sqhe128Hash);

/// Elements per message: one, a few (the scalar tail), and past two
/// 16-element AVX-512 blocks with a tail.
const ELEMS: [usize; 3] = [1, 7, 37];
/// Toeplitz outputs tried.
const MAX_T: usize = 4;

/// The bytes of an element.
fn bytes<const W: usize>(e: &Elem<W>) -> Vec<u8> {
    let mut v = vec![0u8; 4 * W + 4];
    e.write_le_bytes(&mut v);
    v
}

/// The targets for elements of W words on engine `e`.
fn width<const W: usize>(out: &mut Vec<Target>, e: Engine) {
    let b = e.backend().name();
    // SQHU's key is x (W words) ‖ b (W + 1 words, b < p): the top word of b
    // is fixed to 0, so b < 2^L < p and every key is valid.
    let mut mask = vec![0xff; 4 * (2 * W + 1)];
    mask[8 * W..].fill(0);
    out.push(
        Target::new(
            F,
            format!("Engine::{{sqh, sqhu}}::<{W}>"),
            b,
            4 * (2 * W + 1),
            0,
            &[4 * W],
            move |i| {
                let k = words32(i.key);
                let mut v = bytes(&e.sqh::<W>(&k, i.msg).expect("sqh"));
                v.extend(bytes(&e.sqhu::<W>(&k, i.msg).expect("sqhu")));
                v
            },
        )
        .with_key_mask(mask),
    );
    let lens: Vec<usize> = ELEMS.iter().map(|k| 4 * W * k).collect();
    let key = 4 * W * (ELEMS[2] + MAX_T - 1);
    out.push(Target::new(
        F,
        format!(
            "Engine::{{sqh_star, sqhasm, sqhasm2, sqhc, sqhc2, sqhe, hash(each Variant)}}::<{W}>"
        ),
        b,
        key,
        0,
        &lens,
        move |i| {
            let k = words32(i.key);
            let mut v = Vec::new();
            for r in [
                e.sqh_star::<W>(&k, i.msg),
                e.sqhasm::<W>(&k, i.msg),
                e.sqhasm2::<W>(&k, i.msg),
                e.sqhc::<W>(&k, i.msg),
                e.sqhc2::<W>(&k, i.msg),
                e.sqhe::<W>(&k, i.msg),
            ] {
                v.extend(bytes(&r.expect("sqh vector function")));
            }
            for var in Variant::ALL {
                v.extend(bytes(&e.hash::<W>(var, &k, i.msg).expect("Engine::hash")));
            }
            v
        },
    ));
    out.push(Target::new(
        F,
        format!("Engine::toeplitz::<{W}> (each Variant, n = 1..{MAX_T})"),
        b,
        key,
        0,
        &lens,
        move |i| {
            let k = words32(i.key);
            let mut v = Vec::new();
            for var in Variant::ALL {
                for n in 1..=MAX_T {
                    let mut o = vec![Elem::<W>::ZERO; n];
                    e.toeplitz::<W>(var, &k, i.msg, &mut o).expect("toeplitz");
                    v.extend(o.iter().flat_map(bytes));
                }
            }
            v
        },
    ));
}

/// The sqh targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    for e in Engine::all_supported() {
        width::<1>(out, e);
        width::<2>(out, e);
        width::<3>(out, e);
        width::<4>(out, e);
        width::<5>(out, e);
        let b = e.backend();
        long::targets::<Asm2x32Hash>(out, F, e, b);
        long::targets::<Asm2x64Hash>(out, F, e, b);
        long::targets::<Asm2x96Hash>(out, F, e, b);
        long::targets::<Asm2x128Hash>(out, F, e, b);
        long::targets::<Sqhe32Hash>(out, F, e, b);
        long::targets::<Sqhe64Hash>(out, F, e, b);
        long::targets::<Sqhe96Hash>(out, F, e, b);
        long::targets::<Sqhe128Hash>(out, F, e, b);
    }
}
