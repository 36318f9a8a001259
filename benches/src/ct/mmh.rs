//! `mmh`: MMH32 (and its Toeplitz form), NMH32, MMH64, NH (both pairings,
//! and their Toeplitz forms), RFC 4418's key layout, and the eight long
//! hashes with their MACs, and the §2.4 hash tree `Mmh32Tree`, on every
//! backend of `Engine32` / `Engine64`.

use uhash_mmh::{
    Engine32, Engine64, Mmh32Hash, Mmh32Tree, Mmh32x2Hash, Mmh32x4Hash, Mmh64Hash, NhHash,
    Nhx2Hash, Nhx4Hash, Nmh32Hash, nh_umac_key_layout,
};

use super::long::{self, long_types};
use super::{Target, pieces, words32, words64};

const F: &str = "uhash-mmh";

long_types!(Engine32: Mmh32Hash Mmh32x2Hash Mmh32x4Hash Nmh32Hash NhHash Nhx2Hash Nhx4Hash);
long_types!(Engine64: Mmh64Hash);

/// Short, past one vector block with a tail, and past 1 KiB with a tail.
const LENS32: &[usize] = &[4, 60, 1028];
/// Whole word pairs (NMH32, NH).
const LENS_PAIRS: &[usize] = &[8, 56, 1032];
/// RFC 4418's NH: whole 32-byte blocks, past one 1024-byte piece.
const LENS_UMAC: &[usize] = &[32, 1024 + 64];
/// 64-bit words (MMH64).
const LENS64: &[usize] = &[8, 56, 1032];
/// Key bytes: the longest message plus 8 Toeplitz windows of 16 bytes.
const KEY: usize = 1088 + 8 * 16;

/// Every Toeplitz width, outputs concatenated.
fn each_n<T: Copy + Default + ToBytes>(
    f: impl Fn(&mut [T]) -> Result<(), uhash_mmh::Error>,
) -> Vec<u8> {
    let mut v = Vec::new();
    for n in 1..=uhash_mmh::MAX_N {
        let mut o = vec![T::default(); n];
        f(&mut o).expect("mmh Toeplitz arguments");
        for w in o {
            v.extend(w.bytes());
        }
    }
    v
}

/// Little-endian bytes of an output word.
trait ToBytes {
    fn bytes(self) -> Vec<u8>;
}
impl ToBytes for u32 {
    fn bytes(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
}
impl ToBytes for u64 {
    fn bytes(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
}

/// The mmh targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    out.push(Target::new(
        F,
        "nh_umac_key_layout",
        "-",
        64,
        0,
        &[0],
        |i| {
            let k = words32(i.key);
            let (mut e, mut o) = ([0u32; 8], [0u32; 8]);
            nh_umac_key_layout(&k, &mut e, &mut o).expect("layout arguments");
            e.iter().chain(&o).flat_map(|w| w.to_le_bytes()).collect()
        },
    ));
    for e in Engine32::all_supported() {
        let b = e.backend();
        out.push(Target::new(
            F,
            "Engine32::mmh32",
            b.name(),
            KEY,
            0,
            LENS32,
            move |i| e.mmh32(&words32(i.key), i.msg).expect("mmh32").bytes(),
        ));
        out.push(Target::new(
            F,
            "Engine32::mmh32_toeplitz (n = 1..8)",
            b.name(),
            KEY,
            0,
            LENS32,
            move |i| each_n(|o| e.mmh32_toeplitz(&words32(i.key), i.msg, o)),
        ));
        out.push(Target::new(
            F,
            "Engine32::nmh32",
            b.name(),
            KEY,
            0,
            LENS_PAIRS,
            move |i| e.nmh32(&words32(i.key), i.msg).expect("nmh32").bytes(),
        ));
        out.push(Target::new(
            F,
            "Engine32::nh",
            b.name(),
            KEY,
            0,
            LENS_PAIRS,
            move |i| e.nh(&words32(i.key), i.msg).expect("nh").bytes(),
        ));
        out.push(Target::new(
            F,
            "Engine32::nh_toeplitz (n = 1..8)",
            b.name(),
            KEY,
            0,
            LENS_PAIRS,
            move |i| each_n(|o| e.nh_toeplitz(&words32(i.key), i.msg, o)),
        ));
        out.push(Target::new(
            F,
            "Engine32::nh_umac_toeplitz (n = 1..8) + nh_umac",
            b.name(),
            KEY,
            0,
            LENS_UMAC,
            move |i| {
                let mut v = each_n(|o| e.nh_umac_toeplitz(&words32(i.key), i.msg, o));
                v.extend(e.nh_umac(&words32(i.key), i.msg).expect("nh_umac").bytes());
                v
            },
        ));
        long::targets::<Mmh32Hash>(out, F, e, b);
        long::targets::<Mmh32x2Hash>(out, F, e, b);
        long::targets::<Mmh32x4Hash>(out, F, e, b);
        long::targets::<Nmh32Hash>(out, F, e, b);
        long::targets::<NhHash>(out, F, e, b);
        long::targets::<Nhx2Hash>(out, F, e, b);
        long::targets::<Nhx4Hash>(out, F, e, b);
        out.push(Target::new(
            F,
            "Mmh32Tree::hash + Mmh32TreeState (k = 4 and 32)",
            b.name(),
            16,
            0,
            LENS32,
            move |i| {
                let seed: [u8; 16] = i.key.try_into().expect("16-byte seed");
                let mut v = Vec::new();
                for k in [4, 32] {
                    let t = Mmh32Tree::from_seed_with(&seed, k, e).expect("k in range");
                    v.extend(t.hash(i.msg).expect("tree length").to_le_bytes());
                    let mut st = t.start();
                    for p in pieces(i.msg) {
                        st.update(p).expect("tree length");
                    }
                    v.extend(st.finalize().to_le_bytes());
                }
                v
            },
        ));
    }
    for e in Engine64::all_supported() {
        let b = e.backend();
        out.push(Target::new(
            F,
            "Engine64::mmh64",
            b.name(),
            KEY,
            0,
            LENS64,
            move |i| e.mmh64(&words64(i.key), i.msg).expect("mmh64").bytes(),
        ));
        long::targets::<Mmh64Hash>(out, F, e, b);
    }
}
