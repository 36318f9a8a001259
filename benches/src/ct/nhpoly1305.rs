//! `nhpoly1305`: Adiantum's NH (`NhAdiantum::new_with_engine` + `compute`)
//! and NHPoly1305 (one-shot and streamed in three pieces) on every backend
//! of the NH engine.

use nhpoly1305::{Engine32, NhAdiantum, NhPoly1305};

use super::{Target, array, pieces};

const F: &str = "nhpoly1305";

/// NH: one unit, a few, the whole 1024 bytes.
const NH_LENS: &[usize] = &[16, 48, 1024];
/// NHPoly1305: empty, a partial unit, one chunk, past it, a few chunks with
/// a tail.
const LENS: &[usize] = &[0, 5, 1024, 1040, 3000 + 5];

/// NHPoly1305 of `msg` one-shot, then streamed in three pieces.
fn use_hash(h: &NhPoly1305, msg: &[u8]) -> Vec<u8> {
    let mut v = h.compute(msg).to_vec();
    let mut s = h.clone();
    for p in pieces(msg) {
        s.update(p);
    }
    v.extend(s.finalize());
    v
}

/// The nhpoly1305 targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    for e in Engine32::all_supported() {
        let b = e.backend().name();
        out.push(
            Target::new(
                F,
                "NhAdiantum::{new_with_engine, compute}",
                b,
                1072,
                0,
                NH_LENS,
                move |i| {
                    let nh = NhAdiantum::new_with_engine(&array(i.key), e);
                    nh.compute(i.msg).expect("whole units").to_vec()
                },
            )
            .with_keyed(move |key| {
                let nh = NhAdiantum::new_with_engine(&array(key), e);
                Box::new(move |_, msg| nh.compute(msg).expect("whole units").to_vec())
            }),
        );
        out.push(
            Target::new(
                F,
                "NhPoly1305::{new_with_engine, compute, update, finalize}",
                b,
                1088,
                0,
                LENS,
                move |i| use_hash(&NhPoly1305::new_with_engine(&array(i.key), e), i.msg),
            )
            .with_keyed(move |key| {
                let h = NhPoly1305::new_with_engine(&array(key), e);
                Box::new(move |_, msg| use_hash(&h, msg))
            }),
        );
    }
}
